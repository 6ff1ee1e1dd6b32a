import { expect } from 'chai';
import { leerRespuesta, sobreSoap } from '../../src/platform/verifactu/aeat-mensaje.ts';
import { AeatError, type RespuestaLote } from '../../src/platform/verifactu/aeat-tipos.ts';
import { leerXml } from '../../src/platform/verifactu/aeat-xml-lectura.ts';
import { altas, EMISOR, SISTEMA } from './aeat-datos.ts';

// Reading AEAT's answers without a dependency: what the small reader accepts and what it refuses.

const env = (cuerpo: string) => `<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body>${cuerpo}</s:Body></s:Envelope>`;

describe('AEAT answers (aeat-mensaje.ts)', () => {
  it('reads an answer without lines, whatever the prefixes, with the default wait when AEAT gives none', () => {
    const r = leerRespuesta(env('<r:RespuestaRegFactuSistemaFacturacion xmlns:r="urn:r"><r:EstadoEnvio>Incorrecto</r:EstadoEnvio></r:RespuestaRegFactuSistemaFacturacion>')) as RespuestaLote;
    expect(r).to.deep.equal({ csv: null, estadoEnvio: 'Incorrecto', tiempoEsperaSegundos: 60, registros: [] });
  });

  it('turns a Fault into an AeatError by its faultcode, with AEAT\'s Codigo[n]', () => {
    const f = (code: string) => leerRespuesta(env(`<s:Fault><faultcode>${code}</faultcode><faultstring>Codigo[4102].Esquema</faultstring></s:Fault>`)) as AeatError;
    expect([f('s:Client').causa, f('s:Client').codigo, f('s:Server').causa, f('Server.Busy').causa]).to.deep.equal(['rechazo', '4102', 'transitoria', 'transitoria']);
  });

  it('refuses what it does not understand: a DOCTYPE, unclosed or crossed tags, an unknown state, two roots', () => {
    expect(() => leerXml('<!DOCTYPE x [<!ENTITY a "b">]><x/>')).to.throw(SyntaxError);
    expect(() => leerXml('<a><b></a></b>')).to.throw(SyntaxError);
    expect(() => leerXml('<a>')).to.throw(SyntaxError);
    expect(() => leerXml('<a/><b/>')).to.throw(SyntaxError);
    expect(() => leerXml('<a>&bogus;</a>')).to.throw(SyntaxError);
    expect(() => leerRespuesta(env('<RespuestaRegFactuSistemaFacturacion><EstadoEnvio>Quizas</EstadoEnvio></RespuestaRegFactuSistemaFacturacion>'))).to.throw(SyntaxError);
    expect(leerXml('<?xml version="1.0"?><!-- c --><a x="1 > 0"><![CDATA[<b>]]>&#241;&amp;</a>').texto).to.equal('<b>ñ&');
  });

  it('wraps the document in a SOAP 1.1 body, the Cabecera marked when the records were made during an incident', () => {
    const sobre = sobreSoap({ obligado: EMISOR, sistema: SISTEMA, registros: altas(1), incidencia: true });
    expect(sobre.match(/<\?xml/g)).to.have.length(1);
    expect(leerXml(sobre).hijos.map((h) => h.nombre)).to.deep.equal(['Header', 'Body']);
    expect(sobre).to.contain('<sum1:RemisionVoluntaria><sum1:Incidencia>S</sum1:Incidencia></sum1:RemisionVoluntaria>');
  });
});
