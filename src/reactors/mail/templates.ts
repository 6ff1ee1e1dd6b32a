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
