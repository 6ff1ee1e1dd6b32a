import type { Mensaje } from './types.js';

// A chat SEND is answered in two parts that may arrive in either order: the RECEIPT, which names
// the stored message (`id-mensaje`), and the delivery of that message to the sender's own queue
// (the server delivers each message to the sender's sessions too). sendChat resolves once it has both.

interface Waiter {
  resolve: (message: Mensaje) => void;
  reject: (error: Error) => void;
}

/** Own deliveries kept for a RECEIPT still on its way; others' tabs' sends pass through here too. */
const RECENT = 256;

export class PendingSends {
  private readonly byReceipt = new Map<string, Waiter>();
  private readonly byId = new Map<number, Waiter>();
  private readonly recent = new Map<number, Mensaje>();

  add(receipt: string, waiter: Waiter): void {
    this.byReceipt.set(receipt, waiter);
  }

  /** The SEND was stored as message `idMensaje` (null: the server did not say which). */
  receipted(receipt: string, idMensaje: number | null, noId: () => Error): void {
    const waiter = this.byReceipt.get(receipt);
    if (!waiter) return;
    this.byReceipt.delete(receipt);
    if (idMensaje === null) return waiter.reject(noId());
    const delivered = this.recent.get(idMensaje);
    if (delivered) {
      this.recent.delete(idMensaje);
      waiter.resolve(delivered);
    } else {
      this.byId.set(idMensaje, waiter);
    }
  }

  /** A message this user sent, delivered to this session. */
  delivered(message: Mensaje): void {
    const waiter = this.byId.get(message.idMensaje);
    if (waiter) {
      this.byId.delete(message.idMensaje);
      waiter.resolve(message);
      return;
    }
    this.recent.set(message.idMensaje, message);
    if (this.recent.size > RECENT) this.recent.delete(this.recent.keys().next().value!);
  }

  /** Rejects the send that `receipt` names; false when no send of this client is waiting on it. */
  refused(receipt: string | undefined, error: Error): boolean {
    const waiter = receipt === undefined ? undefined : this.byReceipt.get(receipt);
    if (!waiter) return false;
    this.byReceipt.delete(receipt!);
    waiter.reject(error);
    return true;
  }

  /** The connection ended: every send still waiting fails with `error`. */
  failAll(error: () => Error): void {
    for (const waiter of [...this.byReceipt.values(), ...this.byId.values()]) waiter.reject(error());
    this.byReceipt.clear();
    this.byId.clear();
    this.recent.clear();
  }
}
