// The practice the scale-out load runs on: psychologists with their patients assigned, a device
// token each (so bookings and chat also push), and a STOMP session each through the balancer that
// records the chat messages it receives.
import { Client } from '@stomp/stompjs';
import WebSocket from 'ws';
import { Api, type Session } from '../lib/api.ts';
import { pool } from '../lib/stats.ts';

export interface Patient {
  index: number;
  session: Session;
  psicologo: Session;
}

export interface Practice {
  psicologos: Session[];
  patients: Patient[];
  /** idMensaje received over STOMP, by the receiver's idUsuario. */
  received: Map<number, Set<number>>;
  clients: Client[];
  close(): Promise<void>;
}

function connect(wsUrl: string, user: Session, received: Set<number>): Client {
  const client = new Client({
    webSocketFactory: () => new WebSocket(wsUrl),
    connectHeaders: { Authorization: `Bearer ${user.token}` },
    reconnectDelay: 200, heartbeatIncoming: 0, heartbeatOutgoing: 0, debug: () => {},
  });
  client.onConnect = () => {
    client.subscribe('/user/queue/messages', (m) => {
      const body = JSON.parse(m.body) as { idMensaje: number };
      received.add(body.idMensaje);
    });
  };
  client.activate();
  return client;
}

/** Registers `psicologos` × `perPsicologo` patients through the balancer and connects everyone. */
export async function setUpPractice(api: Api, tag: string, psicologos: number, perPsicologo: number): Promise<Practice> {
  const admin = (await api.admin()).token;
  const psis: Session[] = [];
  for (let p = 0; p < psicologos; p++) psis.push(await api.registerPsicologo(admin, `${tag}p${p}`));
  const patients: Patient[] = [];
  await pool(Array.from({ length: psicologos * perPsicologo }, (_, i) => i), 4, async (i) => {
    const session = await api.registerPaciente(`${tag}k${i}`);
    const psicologo = psis[i % psicologos];
    await api.assign(admin, session.idPaciente!, psicologo.idPsicologo!);
    patients.push({ index: i, session, psicologo });
  });
  patients.sort((a, b) => a.index - b.index);
  const users = [...psis, ...patients.map((p) => p.session)];
  for (const u of users) await api.ok('POST', '/api/dispositivos', { token: u.token, body: { token: `bench-device-${tag}-${u.idUsuario}` } });
  const received = new Map<number, Set<number>>(users.map((u) => [u.idUsuario, new Set<number>()]));
  const wsUrl = `${api.base.replace('http', 'ws')}/ws`;
  const clients = users.map((u) => connect(wsUrl, u, received.get(u.idUsuario)!));
  const deadline = Date.now() + 20_000;
  while (clients.some((c) => !c.connected) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return {
    psicologos: psis, patients, received, clients,
    close: async () => void (await Promise.all(clients.map((c) => c.deactivate()))),
  };
}
