import type { SealSpec } from '../personal-data.ts';

/** Seal specs of the clinico area's events (see src/events/personal-data.ts). */
export const clinicoSeals: Record<string, SealSpec> = {};
