import type { SealSpec } from '../personal-data.ts';

/** Seal specs of the citas area's events (see src/events/personal-data.ts). */
export const citasSeals: Record<string, SealSpec> = {};
