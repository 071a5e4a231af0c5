import { createServer as createHttpServer } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { minecraftStatus, queryGame } from './game-query';

function varint(value: number): Buffer {
  const bytes: number[] = [];
  do {
    let byte = value & 0x7f;
    value >>>= 7;
    if (value !== 0) byte |= 0x80;
    bytes.push(byte);
  } while (value !== 0);
  return Buffer.from(bytes);
}

describe('asking the game who is online', () => {
  it('speaks the Minecraft status ping', async () => {
    const status = { version: { name: '1.21.4', protocol: 769 }, players: { max: 10, online: 14, sample: [{ name: 'Ada', id: 'x' }, { name: 'Bo', id: 'y' }] } };
    const received: Buffer[] = [];
    const server = createServer((socket) => {
      socket.on('data', (chunk) => {
        received.push(chunk);
        const json = Buffer.from(JSON.stringify(status));
        const body = Buffer.concat([varint(0), varint(json.length), json]);
        socket.end(Buffer.concat([varint(body.length), body]));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    expect(await minecraftStatus('127.0.0.1', port)).toEqual({ online: 14, names: ['Ada', 'Bo'] });
    // Handshake (next state 1, status) then the status request.
    const sent = Buffer.concat(received);
    expect(sent.at(-1)).toBe(0x00);
    expect(sent.at(-3)).toBe(0x01);
    server.close();
  });

  it("reads FiveM's players.json, and answers null when the game does not answer", async () => {
    const http = createHttpServer((req, res) => {
      res.writeHead(req.url === '/players.json' ? 200 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify([{ name: 'Officer Jo', id: 1 }]));
    });
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    const { port } = http.address() as AddressInfo;
    expect(await queryGame('fivem', '127.0.0.1', port)).toEqual({ online: 1, names: ['Officer Jo'] });
    http.close();
    expect(await queryGame('minecraft', '127.0.0.1', 9)).toBeNull();
    expect(await queryGame('palworld', '127.0.0.1', port)).toBeNull();
  });
});
