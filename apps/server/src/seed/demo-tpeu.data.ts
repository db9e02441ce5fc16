import { type DemoRandom, daysFrom } from './demo-values.ts';

/** Demo values of TPEU requests (component 2) of the demo permissionário, a power utility (domain.md). */

const OCCUPATIONS: ReadonlyArray<{
  finalidade: string;
  tipoOcupacao: string;
  passagem: string;
  metodoExecucao: string;
  descricao: string;
}> = [
  {
    finalidade: 'energia',
    tipoOcupacao: 'longitudinal',
    passagem: 'aerea',
    metodoExecucao: 'postes',
    descricao: 'Rede de distribuição 13,8 kV em postes de concreto ao longo da faixa de domínio',
  },
  {
    finalidade: 'energia',
    tipoOcupacao: 'transversal',
    passagem: 'subterranea',
    metodoExecucao: 'perfuracaoDirecional',
    descricao: 'Travessia subterrânea de linha 34,5 kV por perfuração direcional',
  },
  {
    finalidade: 'telecom',
    tipoOcupacao: 'longitudinal',
    passagem: 'subterranea',
    metodoExecucao: 'vala',
    descricao: 'Duto de fibra óptica para telemetria das subestações',
  },
  {
    finalidade: 'energia',
    tipoOcupacao: 'transversal',
    passagem: 'aerea',
    metodoExecucao: 'postes',
    descricao: 'Travessia aérea de linha de distribuição com estruturas de concreto',
  },
  {
    finalidade: 'energia',
    tipoOcupacao: 'pontual',
    passagem: 'aerea',
    metodoExecucao: 'postes',
    descricao: 'Instalação de religador automático junto ao acostamento',
  },
  {
    finalidade: 'energia',
    tipoOcupacao: 'transversal',
    passagem: 'ponte',
    metodoExecucao: 'outro',
    descricao: 'Fixação de eletroduto sob o tabuleiro da ponte',
  },
  {
    finalidade: 'acesso',
    tipoOcupacao: 'pontual',
    passagem: '',
    metodoExecucao: 'outro',
    descricao: 'Acesso de serviço à subestação, com faixa de desaceleração',
  },
];

const PLACES: ReadonlyArray<{
  rodovia: string;
  municipio: string;
  km: number;
  cep: string;
  lat: number;
  lon: number;
}> = [
  { rodovia: 'SP-340', municipio: 'Mogi Mirim', km: 160, cep: '13800-000', lat: -22.43, lon: -46.96 },
  { rodovia: 'SP-330', municipio: 'Limeira', km: 138, cep: '13480-000', lat: -22.56, lon: -47.4 },
  { rodovia: 'SP-310', municipio: 'Rio Claro', km: 176, cep: '13500-000', lat: -22.41, lon: -47.56 },
  { rodovia: 'SP-255', municipio: 'Araraquara', km: 45, cep: '14800-000', lat: -21.79, lon: -48.18 },
  { rodovia: 'SP-348', municipio: 'Jundiaí', km: 58, cep: '13200-000', lat: -23.19, lon: -46.88 },
  { rodovia: 'BR-116', municipio: 'Registro', km: 445, cep: '11900-000', lat: -24.49, lon: -47.84 },
];

/** Every status of the TPEU workflow appears; most requests are under analysis. */
const TPEU_STATUSES = [
  'protocolada',
  'triagem',
  'analiseTecnica',
  'rascunho',
  'vistoria',
  'pendenteCorrecao',
  'emitida',
  'aprovada',
  'triagem',
  'indeferida',
  'vigente',
];

export interface DemoTpeuRequest {
  title: string;
  /** The status the request is carried to, through the workflow. */
  status: string;
  /** What the permissionário fills in (the department's fields are written by the workflow and its analysts). */
  data: Record<string, unknown>;
  /** The term the analyst fills in before issuing. */
  vigencia: { inicioVigencia: string; fimVigencia: string };
}

export function demoTpeuRequests(
  random: DemoRandom,
  permissionario: { name: string; cnpj: string; email: string },
  now: Date,
  count: number,
): DemoTpeuRequest[] {
  return Array.from({ length: count }, (_, index) => {
    const occupation = OCCUPATIONS[index % OCCUPATIONS.length]!;
    const place = PLACES[index % PLACES.length]!;
    const status = TPEU_STATUSES[index % TPEU_STATUSES.length]!;
    const kmInicial = Number((place.km + random.decimal(0, 20, 3)).toFixed(3));
    const length = occupation.tipoOcupacao === 'longitudinal' ? random.decimal(0.2, 4, 3) : 0.05;
    const area = occupation.finalidade === 'acesso' ? { area: random.int(180, 420) } : {};
    const kmFinal = Number((kmInicial + length).toFixed(3));
    const startInDays = random.int(10, 120);
    const prazoMeses = random.pick([60, 120]);
    return {
      title: `${occupation.descricao} — ${place.rodovia} km ${kmInicial.toFixed(3).replace('.', ',')}`,
      status,
      data: {
        tipoPessoa: 'juridica',
        nomeRazaoSocial: permissionario.name,
        cpfCnpj: permissionario.cnpj,
        nomeFantasia: 'ENERGIA SUL',
        inscricaoEstadual: 'ISENTO',
        atividade: 'DISTRIBUIÇÃO DE ENERGIA ELÉTRICA',
        email: permissionario.email,
        telefone: '(19) 3232-4500',
        cep: '13015-904',
        logradouro: 'Avenida Francisco Glicério',
        numero: '1200',
        bairro: 'Centro',
        municipio: 'Campinas',
        uf: 'SP',
        representanteNome: 'CARLOS EDUARDO MENDES',
        finalidade: occupation.finalidade,
        tipoOcupacao: occupation.tipoOcupacao,
        ...(occupation.passagem ? { passagem: occupation.passagem } : {}),
        metodoExecucao: occupation.metodoExecucao,
        rodovia: place.rodovia,
        municipioOcupacao: place.municipio,
        kmInicial,
        kmFinal,
        lado: random.pick(['direito', 'esquerdo', 'ambos']),
        latitude: Number((place.lat + random.decimal(-0.05, 0.05, 4)).toFixed(5)),
        longitude: Number((place.lon + random.decimal(-0.05, 0.05, 4)).toFixed(5)),
        extensao: Math.round(length * 1000),
        ...area,
        prazoMeses,
        inicioObras: daysFrom(now, startInDays, 8),
        fimObras: daysFrom(now, startInDays + random.int(15, 90), 17),
        descricaoOcupacao: `${occupation.descricao}, conforme projeto executivo e memorial descritivo anexos.`,
      },
      vigencia: { inicioVigencia: daysFrom(now, 0, 0), fimVigencia: daysFrom(now, prazoMeses * 30, 0) },
    };
  });
}
