import type { SealSpec } from '../personal-data.ts';

/** Seal specs of the mensajes area's events (see src/events/personal-data.ts). */
export const mensajesSeals: Record<string, SealSpec> = {};
