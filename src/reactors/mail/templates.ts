export type Idioma = 'es' | 'en';

export interface Rendered {
  subject: string;
  text: string;
}

const escape = (s: string) => s.replace(/[\r\n]+/g, ' ');

export const templates = {
  bienvenida(idioma: Idioma, v: { nombre: string; rol: string }): Rendered {
    const nombre = escape(v.nombre);
    return idioma === 'en'
      ? {
          subject: 'Welcome to the practice',
          text: `Hello ${nombre},\n\nYour account has been created. You can now sign in with your e-mail address.\n\nThe practice team`,
        }
      : {
          subject: 'Bienvenido/a a la consulta',
          text: `Hola ${nombre}:\n\nSu cuenta se ha creado correctamente. Ya puede iniciar sesión con su dirección de correo.\n\nEl equipo de la consulta`,
        };
  },
};

/** What an appointment notice says, already in the recipient's language and time zone. */
export interface AvisoCita {
  /** The recipient's first name. */
  nombre: string;
  /** The other party: the psychologist for a patient, the patient for a psychologist. */
  contraparte: string;
  /** The recipient is the psychologist (wording differs). */
  paraPsicologo: boolean;
  fecha: string;
  hora: string;
  zona: string;
  /**
   * An ONLINE appointment's reminder: the service's endpoint that answers this person's own join
   * link once signed in (never a token: a mail lives on). Absent otherwise.
   */
  enlaceSala?: string;
}

/** The online-session lines of a reminder (docs/care.md "Online sessions"). */
function lineaSala(idioma: Idioma, enlace: string | undefined): string {
  if (!enlace) return '';
  return idioma === 'en'
    ? `\n\nThis is an online session. Join it from the practice's app, which opens the room a few minutes before the start: ${enlace}`
    : `\n\nEs una sesión online. Entre desde la aplicación de la consulta, que abre la sala unos minutos antes del inicio: ${enlace}`;
}

export type TipoAvisoCita = 'creada' | 'cancelada' | 'recordatorio';

const FIRMA = { es: '\n\nEl equipo de la consulta', en: '\n\nThe practice team' };

function cuerpoCita(idioma: Idioma, tipo: TipoAvisoCita, v: AvisoCita): string {
  const [nombre, otro] = [escape(v.nombre), escape(v.contraparte)];
  const cuando = idioma === 'en' ? `on ${v.fecha} at ${v.hora} (${v.zona} time)` : `el ${v.fecha} a las ${v.hora} (hora de ${v.zona})`;
  if (idioma === 'en') {
    const con = v.paraPsicologo ? `with your patient ${otro}` : `with ${otro}`;
    const linea = {
      creada: v.paraPsicologo ? `${otro} has booked an appointment with you ${cuando}. You can confirm it in the app.` : `Your appointment ${con} has been booked ${cuando}.`,
      cancelada: `Your appointment ${con} ${cuando} has been cancelled.`,
      recordatorio: `This is a reminder of your appointment ${con} ${cuando}.`,
    }[tipo];
    return `Hello ${nombre},\n\n${linea}${lineaSala(idioma, v.enlaceSala)}${FIRMA.en}`;
  }
  const con = v.paraPsicologo ? `con su paciente ${otro}` : `con ${otro}`;
  const linea = {
    creada: v.paraPsicologo ? `${otro} ha reservado una cita con usted ${cuando}. Puede confirmarla desde la aplicación.` : `Su cita ${con} ha quedado registrada ${cuando}.`,
    cancelada: `Su cita ${con} ${cuando} ha sido cancelada.`,
    recordatorio: `Le recordamos su cita ${con} ${cuando}.`,
  }[tipo];
  return `Hola ${nombre}:\n\n${linea}${lineaSala(idioma, v.enlaceSala)}${FIRMA.es}`;
}

const ASUNTOS: Record<TipoAvisoCita, { es: string; en: string }> = {
  creada: { es: 'Nueva cita', en: 'New appointment' },
  cancelada: { es: 'Cita cancelada', en: 'Appointment cancelled' },
  recordatorio: { es: 'Recordatorio de cita', en: 'Appointment reminder' },
};

/** Appointment mails: created, cancelled, reminder; Spanish or English. */
export function avisoCitaMail(idioma: Idioma, tipo: TipoAvisoCita, v: AvisoCita): Rendered {
  return { subject: `${ASUNTOS[tipo][idioma]}: ${v.fecha}, ${v.hora}`, text: cuerpoCita(idioma, tipo, v) };
}

/** Appointment pushes: shown on a lock screen, so no names, only what and when. */
export function avisoCitaPush(idioma: Idioma, tipo: TipoAvisoCita, v: AvisoCita): { title: string; body: string } {
  return { title: ASUNTOS[tipo][idioma], body: `${v.fecha}, ${v.hora} (${v.zona})` };
}
