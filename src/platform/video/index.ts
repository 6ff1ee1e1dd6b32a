import type { JitsiConfig } from './jitsi-config.ts';
import { JitsiSalas } from './jitsi.ts';
import type { SalaVideo } from './sala-video.ts';

/** The configured video provider (sala-video.ts), or null when online sessions are off. */
export function salaVideoDe(config: { jitsi: JitsiConfig | null }): SalaVideo | null {
  return config.jitsi ? new JitsiSalas(config.jitsi) : null;
}
