import type { SealSpec } from '../personal-data.ts';

/** Seal specs of the sesiones area's events (see src/events/personal-data.ts). */
export const sesionesSeals: Record<string, SealSpec> = {};
