/**
 * `npm run test:reliability`: seeded, bounded fault scenarios (GUIDE §6). The scenarios R1–R3 need
 * the message pipeline and arrive with it; until then this runner says so and exits 0.
 */
const scenarios: { name: string; run: () => Promise<Record<string, unknown>> }[] = [];

if (scenarios.length === 0) {
  process.stdout.write(
    `${JSON.stringify({ scenario: 'none', note: 'no reliability scenarios yet (message pipeline pending)' })}\n`,
  );
}
for (const s of scenarios) process.stdout.write(`${JSON.stringify({ scenario: s.name, ...(await s.run()) })}\n`);
