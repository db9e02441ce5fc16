import type { Db } from '../../infra/db/database.ts';
import { demoDocument } from '../../seed/demo-files.ts';

/**
 * The checklist documents of a demo AET request (apps/definitions aet/documentos.ts), uploaded as the requerente
 * would: the drawing with axle spacing always, the ART when the request names an engineer, the procuração when a
 * despachante files it. The CRLVs come with the units (each vehicle's own).
 */
export async function demoAetDocuments(
  tx: Db,
  requerenteId: number,
  data: Record<string, unknown>,
): Promise<Record<string, number[]>> {
  const plate = String(data.placaCavalo ?? 'composição');
  const documents: Record<string, number[]> = {
    desenhoEixos: await demoDocument(
      tx,
      requerenteId,
      `desenho-eixos-${plate}.pdf`,
      'Desenho da composição',
      [
        `Composição com cavalo-trator ${plate}`,
        `Comprimento total: ${String(data.comprimentoTotal ?? '—')} m`,
        'Distâncias entre eixos indicadas em metros.',
      ],
    ),
  };
  if (data.numeroArt)
    documents.arquivoArt = await demoDocument(tx, requerenteId, `art-${String(data.numeroArt)}.pdf`, 'ART', [
      `ART nº ${String(data.numeroArt)}`,
      `Engenheiro: ${String(data.engenheiroNome ?? '—')} — ${String(data.engenheiroCrea ?? '—')}`,
    ]);
  if (data.qualificacaoRequerente === 'despachante')
    documents.procuracao = await demoDocument(tx, requerenteId, 'procuracao.pdf', 'Procuração', [
      `Outorgante: ${String(data.requerenteNome ?? '—')}`,
    ]);
  return documents;
}

/** A demo vehicle's CRLV, uploaded by its owner's account. */
export function demoCrlv(tx: Db, ownerId: number, vehicle: Record<string, unknown>): Promise<number[]> {
  const plate = String(vehicle.placa ?? '');
  return demoDocument(tx, ownerId, `crlv-${plate}.pdf`, `CRLV — ${plate}`, [
    `Placa: ${plate}`,
    `RENAVAM: ${String(vehicle.renavam ?? '—')}`,
    `Chassi: ${String(vehicle.chassi ?? '—')}`,
  ]);
}
