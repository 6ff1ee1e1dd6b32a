import type { SealSpec } from '../personal-data.ts';

/** Seal specs of the psicologos area's events (see src/events/personal-data.ts). */
export const psicologosSeals: Record<string, SealSpec> = {};
