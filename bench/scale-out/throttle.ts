// One user's writes through the balancer, which spreads them over every instance: accepted ÷ the
// shared limit (the burst plus what refilled meanwhile). 1.0 is exact; per-instance limits gave N×.
import type { Api } from '../lib/api.ts';
import { pool } from '../lib/stats.ts';

export async function throttleThroughBalancer(api: Api, perMinute: number, burst: number) {
  const user = await api.registerPaciente('limite');
  const statuses: Record<string, number> = {};
  let accepted = 0;
  const sent = 4 * burst;
  const t0 = performance.now();
  await pool(Array.from({ length: sent }, (_, i) => i), 4, async () => {
    const r = await api.call('POST', '/api/diario-emocional', { token: user.token, body: { emocion: 'Calma', intensidad: 4 } });
    statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    if (r.status === 201) accepted += 1;
  });
  const seconds = (performance.now() - t0) / 1000;
  return { accepted, sent, limit: burst + (perMinute / 60) * seconds, statuses, idPaciente: user.idPaciente! };
}
