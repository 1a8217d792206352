import dgram from 'node:dgram';

/**
 * A DNS server on 127.0.0.1 (UDP) answering TXT and A questions from what a test put in it:
 * the product's real resolver adapter asks it (DNS_SERVERS), as it would ask the Internet's.
 * A name it does not know: NXDOMAIN; a known name without that type: no answer.
 */
export type DnsStandIn = {
  readonly server: string;
  readonly txt: Map<string, string[]>;
  readonly a: Map<string, string>;
  readonly asked: string[];
  close(): Promise<void>;
};

const TXT = 16;
const A = 1;

function readName(msg: Buffer, offset: number): { name: string; end: number } {
  const labels: string[] = [];
  let i = offset;
  while (msg[i]! > 0) {
    labels.push(msg.subarray(i + 1, i + 1 + msg[i]!).toString('ascii'));
    i += msg[i]! + 1;
  }
  return { name: labels.join('.').toLowerCase(), end: i + 1 };
}

function record(type: number, rdata: Buffer): Buffer {
  const head = Buffer.alloc(12);
  head.writeUInt16BE(0xc00c, 0); // the question's name
  head.writeUInt16BE(type, 2);
  head.writeUInt16BE(1, 4);
  head.writeUInt32BE(1, 6);
  head.writeUInt16BE(rdata.length, 10);
  return Buffer.concat([head, rdata]);
}

function answer(msg: Buffer, stand: Pick<DnsStandIn, 'txt' | 'a' | 'asked'>): Buffer {
  const { name, end } = readName(msg, 12);
  const type = msg.readUInt16BE(end);
  stand.asked.push(`${type === TXT ? 'TXT' : type === A ? 'A' : type} ${name}`);
  const known = stand.txt.has(name) || stand.a.has(name);
  const records: Buffer[] = [];
  if (type === TXT)
    for (const text of stand.txt.get(name) ?? []) records.push(record(TXT, Buffer.concat([Buffer.from([Buffer.byteLength(text)]), Buffer.from(text)])));
  if (type === A && stand.a.has(name)) records.push(record(A, Buffer.from(stand.a.get(name)!.split('.').map(Number))));
  const header = Buffer.alloc(12);
  header.writeUInt16BE(msg.readUInt16BE(0), 0);
  header.writeUInt16BE(0x8180 | (known ? 0 : 3), 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(records.length, 6);
  return Buffer.concat([header, msg.subarray(12, end + 4), ...records]);
}

export async function startDnsStandIn(): Promise<DnsStandIn> {
  const socket = dgram.createSocket('udp4');
  const stand = { txt: new Map<string, string[]>(), a: new Map<string, string>(), asked: [] as string[] };
  socket.on('message', (msg, from) => socket.send(answer(msg, stand), from.port, from.address));
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    ...stand,
    server: `127.0.0.1:${socket.address().port}`,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
