import { describe, expect, it } from 'vitest';
import { cityName } from '../src/portal/centre/city-name.ts';

describe('posting a job', () => {
  it('POR22 the display city comes from the region picker’s names', () => {
    expect(cityName(['山西省', '太原市', '小店区'])).toBe('太原·小店区');
    expect(cityName(['山西省', '太原市'])).toBe('太原');
    expect(cityName(['北京市', '市辖区', '海淀区'])).toBe('北京·海淀区');
    expect(cityName(['内蒙古自治区', '锡林郭勒盟', '锡林浩特市'])).toBe('锡林郭勒·锡林浩特市');
    expect(cityName(['广东省', '东莞市'])).toBe('东莞');
  });
});
