/**
 * The PIX "copia e cola" payload (BR Code): EMV® QRCPS merchant-presented fields as the Banco Central's
 * "Manual de Padrões para Iniciação do Pix" lays them out — ID (2 digits), length (2 digits), value — ending
 * with the CRC16-CCITT (polynomial 0x1021, initial 0xFFFF) of everything before it, "6304" included.
 */
export interface PixPayloadInput {
  /** The receiver's PIX key (CNPJ, e-mail, phone or random key). */
  key: string;
  /** Receiver name and city as the payer's bank shows them (up to 25 and 15 characters). */
  merchantName: string;
  merchantCity: string;
  /** Amount in reais; absent: the payer types it. */
  amount?: number;
  /** The charge's identifier (up to 25 letters and digits; '***' when none). */
  txid?: string;
}

function emv(id: string, value: string): string {
  if (value.length > 99) throw new Error(`BR Code field ${id} longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** Name and city in plain ASCII (the manual's character set): accents dropped, cut to the field's size. */
function plain(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 .\-/]/g, '')
    .slice(0, max)
    .trim();
}

/** CRC16-CCITT-FALSE over the payload's bytes, as four upper-case hex digits. */
export function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(payload, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

export function pixPayload(input: PixPayloadInput): string {
  const txid = (input.txid ?? '***').replace(/[^A-Za-z0-9*]/g, '').slice(0, 25) || '***';
  const body = [
    emv('00', '01'),
    emv('26', emv('00', 'br.gov.bcb.pix') + emv('01', input.key)),
    emv('52', '0000'),
    emv('53', '986'),
    input.amount !== undefined ? emv('54', input.amount.toFixed(2)) : '',
    emv('58', 'BR'),
    emv('59', plain(input.merchantName, 25)),
    emv('60', plain(input.merchantCity, 15)),
    emv('62', emv('05', txid)),
    '6304',
  ].join('');
  return body + crc16(body);
}
