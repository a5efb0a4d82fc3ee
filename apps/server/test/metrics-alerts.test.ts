import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { promtool, promtoolPath } from './support/promtool.ts';

const deploy = join(dirname(fileURLToPath(import.meta.url)), '../../../docs/deploy');
const bin = promtoolPath();

describe.skipIf(!bin)('alert rules (docs/deploy/alerts.yml)', () => {
  it('MET21 the rules are valid Prometheus rules (promtool check rules)', () => {
    const r = promtool(bin ?? '', ['check', 'rules', join(deploy, 'alerts.yml')]);
    expect(r.output).toContain('SUCCESS: 8 rules found');
    expect(r.status).toBe(0);
  });

  it('MET28 each alert fires on the series that mean trouble and not before (promtool test rules)', () => {
    const r = promtool(bin ?? '', ['test', 'rules', join(deploy, 'alerts.test.yml')]);
    expect(r.output).toContain('SUCCESS');
    expect(r.status).toBe(0);
  });
});
