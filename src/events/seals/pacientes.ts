import type { SealSpec } from '../personal-data.ts';

/** Seal specs of the pacientes area's events (see src/events/personal-data.ts). */
export const pacientesSeals: Record<string, SealSpec> = {};
