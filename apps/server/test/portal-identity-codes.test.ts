import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  creditCheckChar,
  idCheckChar,
  maskIdNumber,
  maskName,
  normalizeCreditCode,
  normalizeIdNumber,
} from '../src/domain/portal/identity-codes.ts';

const NOW = new Date(Date.UTC(2026, 10, 22));
/** 17 digits with their right check digit: only the rule under test can refuse it. */
const withCheck = (first17: string) => `${first17}${idCheckChar(first17)}`;

describe('PCP4 the resident ID number (GB 11643-1999)', () => {
  it('PCP4 accepts published examples, lower-case x included, and answers them upper-cased', () => {
    expect(normalizeIdNumber('11010519491231002X', NOW)).toBe('11010519491231002X');
    expect(normalizeIdNumber(' 11010519491231002x ', NOW)).toBe('11010519491231002X');
    expect(normalizeIdNumber('140105199003071234', NOW)).toBe('140105199003071234');
  });

  it('PCP4 refuses a wrong check digit, a wrong length, letters, an unknown province, an impossible or future birth date', () => {
    for (const bad of [
      '110105194912310021', // check digit should be X
      '11010519491231002', // 17
      '1101051949123100200', // 19
      '11010519491231A02X',
      withCheck('99010519491231002'), // province 99
      withCheck('14010519900230123'), // 30 February
      withCheck('14010520300101123'), // born 2030
      withCheck('14010518000101123'), // before 1900
      '',
    ])
      expect(normalizeIdNumber(bad, NOW), bad).toBeUndefined();
  });

  it('PCP4 any single changed digit of a valid number is refused (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 16 }), fc.integer({ min: 1, max: 9 }), (pos, delta) => {
        const valid = '140105199003071234';
        const digit = (Number(valid[pos]) + delta) % 10;
        const changed = `${valid.slice(0, pos)}${digit}${valid.slice(pos + 1)}`;
        expect(normalizeIdNumber(changed, NOW)).toBeUndefined();
      }),
    );
  });

  it('PCP4 the page shows only the first 3 and last 4 characters', () => {
    expect(maskIdNumber('11010519491231002X')).toBe('110***********002X');
  });
});

describe('PCP7 the unified social credit code (GB 32100-2015)', () => {
  it('PCP7 accepts a published example and one built with the check character; lower case is upper-cased', () => {
    expect(normalizeCreditCode('91350100M000100Y43')).toBe('91350100M000100Y43');
    expect(normalizeCreditCode('91140100ma0k000004')).toBe('91140100MA0K000004');
    expect(creditCheckChar('91140100MA0K00000')).toBe('4');
  });

  it('PCP7 refuses a wrong check character, I/O/S/V/Z, a wrong length, a bad authority or region', () => {
    for (const bad of [
      '91350100M000100Y44',
      '91350100M000100Y4',
      '91350100M000100Y430',
      '91140100MA0K00000I',
      '91140100MO0K000004',
      '01140100MA0K000004', // authority 0
      '911A0100MA0K000004', // region with a letter
      '',
    ])
      expect(normalizeCreditCode(bad), bad).toBeUndefined();
  });

  it('PCP7 any single changed character of a valid code is refused (property)', () => {
    const alphabet = '0123456789ABCDEFGHJKLMNPQRTUWXY';
    fc.assert(
      fc.property(fc.integer({ min: 8, max: 16 }), fc.integer({ min: 1, max: 30 }), (pos, delta) => {
        const valid = '91140100MA0K000004';
        const next = alphabet[(alphabet.indexOf(valid[pos] ?? '0') + delta) % 31] ?? '0';
        expect(normalizeCreditCode(`${valid.slice(0, pos)}${next}${valid.slice(pos + 1)}`)).toBeUndefined();
      }),
    );
  });
});

describe('PCP8 a hidden name', () => {
  it('PCP8 keeps the surname and stars the rest', () => {
    expect(maskName('张伟')).toBe('张*');
    expect(maskName('欧阳娜娜')).toBe('欧***');
    expect(maskName('王')).toBe('王');
  });
});
