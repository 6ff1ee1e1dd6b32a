// The transports' dependencies live at the composition root (src/deps.ts), shared with the STOMP gateway.
export * from '../deps.ts';
