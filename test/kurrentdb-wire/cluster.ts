import { randomUUID } from 'node:crypto';
import { Log } from './log.ts';
import { ClusterInfo, EndPoint, MemberInfo, uuidMessage } from './proto.ts';
import { startKurrentStandIn, type KurrentStandIn, type StandInOptions } from './server.ts';

// A three-node KurrentDB cluster, in process: three stand-in servers over ONE log (replication is
// instant here, so a follower's reads are the leader's), each answering gossip with the members, their
// states (Leader, Follower) and endpoints. Writes reach the log only through the leader: a follower
// answers NotLeader with the leader's endpoint, and the client reconnects there. stepDown() is a leader
// change mid-run: the leader resigns, every node drops its subscriptions (UNAVAILABLE, as nodes do when
// their state changes), the old leader ends its open batch appends with NotLeader, and, after an
// optional election with no leader at all (writes: UNAVAILABLE), the next node leads and a new epoch
// is written to $all. Clients rediscover through gossip.

export interface KurrentCluster {
  /** kurrentdb+discover:// with the three nodes as gossip seeds and nodePreference=leader. */
  url: string;
  /** The same seeds with another node preference (follower: the client starts at a follower). */
  urlWith(nodePreference: 'leader' | 'follower' | 'random'): string;
  nodes: KurrentStandIn[];
  log: Log;
  /** Index of the leading node (null during an election). */
  leader(): number | null;
  /** The leader resigns; `electionMs` with no leader, then the next node leads. Resolves when it does. */
  stepDown(electionMs?: number): Promise<number>;
  /** Calls per gRPC method path over all nodes. */
  calls(): Map<string, number>;
  close(): Promise<void>;
}

const { VNodeState } = MemberInfo;

export async function startKurrentCluster(options: Omit<StandInOptions, 'log' | 'role' | 'port'> = {}): Promise<KurrentCluster> {
  const log = new Log();
  const ids = [randomUUID(), randomUUID(), randomUUID()];
  const nodes: KurrentStandIn[] = [];
  let leading: number | null = 0;
  const gossip = () => new ClusterInfo().setMembersList(nodes.map((n, i) => new MemberInfo()
    .setInstanceId(uuidMessage(ids[i], false))
    .setTimeStamp(String(Date.now() * 10_000))
    .setState(leading === i ? VNodeState.LEADER : leading === null ? VNodeState.PRELEADER : VNodeState.FOLLOWER)
    .setIsAlive(true)
    .setHttpEndPoint(new EndPoint().setAddress('127.0.0.1').setPort(n.port))));
  for (let i = 0; i < 3; i++) {
    nodes.push(await startKurrentStandIn({
      ...options, log,
      role: {
        isLeader: () => leading === i,
        leader: () => (leading === null ? null : { host: '127.0.0.1', port: nodes[leading].port }),
        gossip,
      },
    }));
  }
  const seeds = nodes.map((n) => `127.0.0.1:${n.port}`).join(',');
  const urlWith = (p: string) => `kurrentdb+discover://${seeds}?tls=false&nodePreference=${p}&discoveryInterval=50&maxDiscoverAttempts=40`;
  return {
    url: urlWith('leader'),
    urlWith,
    nodes,
    log,
    leader: () => leading,
    async stepDown(electionMs = 0) {
      const old = leading ?? 0;
      leading = null;
      for (const n of nodes) n.dropSubscriptions();
      nodes[old].dropAppends();
      if (electionMs > 0) await new Promise((r) => setTimeout(r, electionMs));
      leading = (old + 1) % nodes.length;
      log.system('$epochs', '$epoch-information');
      return leading;
    },
    calls() {
      const all = new Map<string, number>();
      for (const n of nodes) for (const [k, v] of n.calls) all.set(k, (all.get(k) ?? 0) + v);
      return all;
    },
    async close() {
      await Promise.all(nodes.map((n) => n.close()));
    },
  };
}
