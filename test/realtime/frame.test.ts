import { expect } from 'chai';
import { encodeFrame, escapeHeader, FrameParser, headersOf, unescapeHeader, type Frame } from '../../src/realtime/frame.ts';
import { chooseSubprotocol, negotiateVersion, parseHeartbeat, prefersEnglish } from '../../src/realtime/protocol.ts';

const text = (f: Frame) => f.body.toString('utf8');

describe('STOMP frames', () => {
  describe('streaming parser', () => {
    it('reads several frames from one chunk, and heart-beats between them', () => {
      const p = new FrameParser();
      const r = p.push('\nSEND\ndestination:/app/chat\n\nhola\0\r\n\nSUBSCRIBE\nid:1\ndestination:/topic/presence\n\n\0');
      expect(r.error).to.equal(undefined);
      expect(r.heartbeats).to.equal(3);
      expect(r.frames.map((f) => f.command)).to.deep.equal(['SEND', 'SUBSCRIBE']);
      expect(text(r.frames[0])).to.equal('hola');
      expect(headersOf(r.frames[1], '1.2')).to.deep.equal({ id: '1', destination: '/topic/presence' });
    });

    it('reassembles a frame split at every byte, in linear buffers', () => {
      const p = new FrameParser();
      const bytes = encodeFrame('SEND', { destination: '/app/chat', 'content-type': 'application/json' }, JSON.stringify({ mensaje: 'ñandú ✓' }));
      const frames: Frame[] = [];
      for (const b of bytes) frames.push(...p.push(Buffer.from([b])).frames);
      expect(frames).to.have.length(1);
      expect(JSON.parse(text(frames[0]))).to.deep.equal({ mensaje: 'ñandú ✓' });
    });

    it('honours content-length: the body may hold NUL bytes', () => {
      const p = new FrameParser();
      const body = Buffer.from([0x61, 0x00, 0x62]);
      const r = p.push(Buffer.concat([Buffer.from('SEND\ndestination:/x\ncontent-length:3\n\n'), body, Buffer.from([0])]));
      expect(r.frames[0].body.equals(body)).to.equal(true);
    });

    it('accepts CRLF line ends and keeps the first of repeated headers', () => {
      const r = new FrameParser().push('SEND\r\ndestination:/a\r\ndestination:/b\r\n\r\nx\0');
      expect(headersOf(r.frames[0], '1.2').destination).to.equal('/a');
    });

    it('returns the frames before a malformed one, then the error, and stays broken', () => {
      const p = new FrameParser();
      const r = p.push('SEND\ndestination:/a\n\nok\0garbage line without colon\nno-colon\n\n\0');
      expect(r.frames).to.have.length(1);
      expect(r.error?.message).to.match(/command|header/);
      expect(p.push('SEND\n\n\0').error).to.not.equal(undefined);
    });

    it('rejects oversize bodies, oversize headers, too many headers, bad content-length', () => {
      const limits = { maxBodyBytes: 16, maxHeaderBytes: 64, maxHeaders: 3 };
      expect(new FrameParser(limits).push(`SEND\n\n${'x'.repeat(17)}`).error?.message).to.match(/too large/);
      expect(new FrameParser(limits).push(`SEND\ncontent-length:17\n\n`).error?.message).to.match(/too large/);
      expect(new FrameParser(limits).push(`SEND\nh:${'x'.repeat(70)}`).error?.message).to.match(/headers too large/);
      expect(new FrameParser(limits).push('SEND\na:1\nb:2\nc:3\nd:4\n\n\0').error?.message).to.match(/too many/);
      expect(new FrameParser().push('SEND\ncontent-length:-1\n\n\0').error?.message).to.match(/content-length/);
      expect(new FrameParser().push('SEND\ncontent-length:1\n\nxy\0').error?.message).to.match(/longer/);
      expect(new FrameParser().push('send\n\n\0').error?.message).to.match(/command/);
    });
  });

  describe('header escaping', () => {
    it('unescapes \\r \\n \\c \\\\ in 1.2, not \\r in 1.1, nothing in 1.0 or CONNECT', () => {
      expect(unescapeHeader('a\\cb\\nc\\\\d\\re', '1.2', 'SEND')).to.equal('a:b\nc\\d\re');
      expect(() => unescapeHeader('a\\re', '1.1', 'SEND')).to.throw(/escape/);
      expect(() => unescapeHeader('a\\t', '1.2', 'SEND')).to.throw(/escape/);
      expect(unescapeHeader('a\\cb', '1.0', 'SEND')).to.equal('a\\cb');
      expect(unescapeHeader('Bearer a\\cb', '1.2', 'CONNECT')).to.equal('Bearer a\\cb');
    });

    it('escapes what it sends and round-trips through the parser', () => {
      expect(escapeHeader('a:b\nc\\d\re', '1.2', 'MESSAGE')).to.equal('a\\cb\\nc\\\\d\\re');
      const frame = new FrameParser().push(encodeFrame('MESSAGE', { 'x-note': 'k:v\nz' }, 'b')).frames[0];
      expect(headersOf(frame, '1.2')['x-note']).to.equal('k:v\nz');
      expect(headersOf(frame, '1.2')['content-length']).to.equal('1');
    });
  });

  describe('negotiation', () => {
    it('picks the highest common version and subprotocol', () => {
      expect(negotiateVersion('1.0,1.1,1.2', null)).to.equal('1.2');
      expect(negotiateVersion('1.1', null)).to.equal('1.1');
      expect(negotiateVersion(undefined, null)).to.equal('1.0');
      expect(negotiateVersion(undefined, 'v11.stomp')).to.equal('1.1');
      expect(negotiateVersion('2.0', null)).to.equal(null);
      expect(chooseSubprotocol(new Set(['v10.stomp', 'v12.stomp']))).to.equal('v12.stomp');
      expect(chooseSubprotocol(new Set(['chat']))).to.equal(false);
    });

    it('parses heart-beats and the error language', () => {
      expect(parseHeartbeat(undefined)).to.deep.equal([0, 0]);
      expect(parseHeartbeat('100, 2000')).to.deep.equal([100, 2000]);
      expect(parseHeartbeat('x,1')).to.equal(null);
      expect(prefersEnglish('en-GB,en;q=0.9,es;q=0.5')).to.equal(true);
      expect(prefersEnglish('es-ES,en;q=0.9')).to.equal(false);
      expect(prefersEnglish(undefined)).to.equal(false);
    });
  });
});
