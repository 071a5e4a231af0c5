import { Socket } from 'node:net';

/**
 * Who is online, asked of the game itself (the panels do not know): the Minecraft status ping
 * (online count and up to 12 names) and FiveM's /players.json. Other games answer nothing.
 */
export interface GameStatus {
  online: number;
  names: string[];
}

function varint(value: number): Buffer {
  const bytes: number[] = [];
  let v = value >>> 0;
  do {
    let byte = v & 0x7f;
    v >>>= 7;
    if (v !== 0) byte |= 0x80;
    bytes.push(byte);
  } while (v !== 0);
  return Buffer.from(bytes);
}

function readVarint(buf: Buffer, offset: number): [number, number] | null {
  let value = 0;
  for (let i = 0; i < 5; i += 1) {
    if (offset + i >= buf.length) return null;
    const byte = buf[offset + i]!;
    value |= (byte & 0x7f) << (7 * i);
    if ((byte & 0x80) === 0) return [value >>> 0, offset + i + 1];
  }
  throw new Error('minecraft status: bad varint');
}

function packet(id: number, payload: Buffer): Buffer {
  const body = Buffer.concat([varint(id), payload]);
  return Buffer.concat([varint(body.length), body]);
}

/** The Server List Ping of Minecraft Java Edition (protocol-independent status request). */
export function minecraftStatus(host: string, port: number, timeoutMs = 2_000): Promise<GameStatus> {
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    let data = Buffer.alloc(0);
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      outcome();
    };
    const fail = (error: Error) => settle(() => reject(error));
    // A bound on the whole exchange, connecting included.
    const timer = setTimeout(() => fail(new Error('minecraft status: timed out')), timeoutMs);
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('minecraft status: the server closed the connection')));
    socket.connect(port, host, () => {
      const hostBytes = Buffer.from(host, 'utf8');
      const portBytes = Buffer.alloc(2);
      portBytes.writeUInt16BE(port);
      const handshake = Buffer.concat([varint(0xffffffff), varint(hostBytes.length), hostBytes, portBytes, varint(1)]);
      socket.write(Buffer.concat([packet(0, handshake), packet(0, Buffer.alloc(0))]));
    });
    socket.on('data', (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      try {
        const length = readVarint(data, 0);
        if (!length || data.length < length[1] + length[0]) return;
        const id = readVarint(data, length[1]);
        const size = id && readVarint(data, id[1]);
        if (!size) return;
        const json = JSON.parse(data.subarray(size[1], size[1] + size[0]).toString('utf8')) as {
          players?: { online?: number; sample?: { name?: string }[] };
        };
        const status = {
          online: Number(json.players?.online ?? 0),
          names: (json.players?.sample ?? []).map((p) => String(p.name ?? '')).filter(Boolean),
        };
        settle(() => resolve(status));
      } catch (error) {
        fail(error as Error);
      }
    });
  });
}

export async function fivemStatus(host: string, port: number, timeoutMs = 2_000): Promise<GameStatus> {
  const response = await fetch(`http://${host}:${port}/players.json`, { signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok) throw new Error(`fivem status: ${response.status}`);
  const players = (await response.json()) as { name?: string }[];
  return { online: players.length, names: players.map((p) => String(p.name ?? '')).filter(Boolean) };
}

/** The game's own answer, or null when the game cannot be asked or does not answer. */
export async function queryGame(game: string, host: string, port: number): Promise<GameStatus | null> {
  try {
    if (game === 'minecraft') return await minecraftStatus(host, port);
    if (game === 'fivem') return await fivemStatus(host, port);
  } catch {
    return null;
  }
  return null;
}
