/** Text of the account-creation guides and the user manuals shipped under apps/web/public/docs. */
import type { Block } from '../pdf-layout.types.ts';

const PASSWORD_RULE =
  'Crie uma senha forte e exclusiva para o portal: o formulário informa o número mínimo de caracteres, e ' +
  'senhas muito comuns são recusadas. Repita-a no campo **Confirmação da senha** - as duas devem ser iguais.';

const ACTIVATION_AND_LOGIN = (portal: 'aet' | 'faixa'): Block[] => {
  const loginPath = portal === 'aet' ? '/aet' : '/faixaDeDominio';
  return [
    { h1: 'Ativação da conta' },
    {
      ol: [
        'Abra o e-mail de ativação enviado pelo DER ao endereço cadastrado. Se não o encontrar em ' +
          'alguns minutos, verifique as pastas de spam e lixo eletrônico.',
        'Clique no link de ativação. A página mostra o nome e o e-mail da conta: confira-os e clique em ' +
          '**ATIVAR A CONTA**.',
        'Aparece a mensagem **"A conta foi ativada com sucesso!"**. Clique em **OK** para ir à página de acesso.',
      ],
    },
    {
      note:
        'Se a página de ativação mostrar **"Token Invalido. Usuario ja ativado"**, a conta já está ativa: basta ' +
        'entrar com o e-mail e a senha. O link de ativação é pessoal; não o encaminhe a outras pessoas.',
    },
    { h1: 'Primeiro acesso' },
    {
      ol: [
        `Acesse a página de login do portal (endereço terminado em **${loginPath}**).`,
        'Informe o e-mail cadastrado no campo **Login** e a senha. O ícone de olho mostra ou oculta a senha ' +
          'digitada. Se solicitado, resolva a verificação "não sou um robô".',
        'Clique em **LOGIN**. No primeiro acesso são exibidos os **Termos de Uso e Política de Privacidade**: ' +
          'leia-os (é possível baixar o PDF), marque a caixa de concordância e confirme. Sem o aceite não é ' +
          'possível continuar.',
        'Se o DER exigir a autenticação em dois fatores, instale um aplicativo autenticador no celular (por ' +
          'exemplo, Google Authenticator ou Microsoft Authenticator), leia o QR code exibido e digite o código ' +
          'de 6 dígitos gerado. Nos acessos seguintes, basta informar o código do aplicativo.',
        'Pronto: a lista de serviços disponíveis para a sua conta é exibida.',
      ],
    },
    { h1: 'Esqueceu a senha?' },
    {
      p:
        'Na página de login, clique em **Esqueci a senha**, informe o seu login e clique em enviar. Uma nova ' +
        'senha, ou as instruções para criá-la, é enviada ao e-mail cadastrado.',
    },
  ];
};

const SUPPORT_AET =
  'Dúvidas: consulte o **Manual do Requerente** (link na página de acesso do Portal AET) ou ligue para a ' +
  'central de atendimento ao requerente, cujo telefone aparece na página de acesso, de segunda a sexta-feira, ' +
  '**das 8h às 13h**.';

const SUPPORT_FAIXA =
  'Dúvidas: consulte o **Manual do Usuário** (link na página de acesso do Portal da Faixa de Domínio) ou ligue ' +
  'para um dos dois telefones de suporte informados na página de acesso, de segunda a sexta-feira, **das 7h às ' +
  '13h**.';

export const GUIDE_AET_BLOCKS: Block[] = [
  {
    p:
      'Este guia mostra, passo a passo, como criar a sua conta no **Portal AET** - o portal do DER para ' +
      'requerer a Autorização Especial de Trânsito. A conta é gratuita e é a mesma para todas as suas ' +
      'solicitações.',
  },
  { h1: 'Antes de começar' },
  {
    ul: [
      'Um **e-mail válido** ao qual você tenha acesso: a ativação da conta e os avisos dos processos chegam ' +
        'por ele.',
      'O **CPF** (pessoa física) ou o **CNPJ** (pessoa jurídica) do requerente. O CNPJ pode ser numérico ou ' +
        'alfanumérico.',
      'Saber o seu **tipo de requerente**: transportador, embarcador ou despachante que age em nome de uma ' +
        'empresa, entre outros listados no formulário.',
    ],
  },
  { h1: 'Passo a passo do cadastro' },
  {
    ol: [
      'Acesse a página de login do Portal AET (endereço terminado em **/aet**) e clique em **Criar Conta**.',
      '**Nome**: informe o nome completo (pessoa física) ou a razão social (pessoa jurídica).',
      '**E-mail**: informe o e-mail que será o seu login.',
      `**Senha**: ${PASSWORD_RULE}`,
      '**Tipo de requerente**: escolha na lista a opção que descreve a sua atuação.',
      '**Tipo**: marque **Pessoa Física** ou **Pessoa Jurídica**.',
      '**CPF/CNPJ**: digite o número do documento do tipo escolhido. Os dígitos verificadores são conferidos ' +
        'na hora; um número inválido é apontado abaixo do campo.',
      'Confira os dados e envie o formulário pelo botão ao final da página. Enquanto o envio é processado, os ' +
        'campos ficam bloqueados.',
      'Aparece a mensagem **"Cadastro realizado com sucesso!"**, informando que foi enviado um e-mail para ' +
        'ativar a conta. Clique em **OK**.',
    ],
  },
  {
    note:
      'Cada CPF ou CNPJ e cada e-mail só podem ter uma conta. Se o portal informar que já existe cadastro, use ' +
      'a opção **Esqueci a senha** na página de login, em vez de criar outra conta.',
  },
  ...ACTIVATION_AND_LOGIN('aet'),
  { h1: 'Atendimento' },
  { p: SUPPORT_AET },
];

export const GUIDE_FAIXA_BLOCKS: Block[] = [
  {
    p:
      'Este guia mostra, passo a passo, como criar a sua conta no **Portal da Faixa de Domínio** - o portal do ' +
      'DER para requerer o Termo de Permissão Especial de Uso (TPEU) da faixa de domínio das rodovias.',
  },
  { h1: 'Antes de começar' },
  {
    ul: [
      'Um **e-mail válido** ao qual você tenha acesso: a ativação da conta e os avisos dos processos chegam ' +
        'por ele.',
      '**Pessoa física**: CPF, RG e órgão expedidor, profissão, estado civil e nacionalidade.',
      '**Pessoa jurídica**: CNPJ, nome fantasia, atividade e, se houver, a inscrição estadual.',
    ],
  },
  { h1: 'Passo a passo do cadastro' },
  {
    ol: [
      'Acesse a página de login do Portal da Faixa de Domínio (endereço terminado em **/faixaDeDominio**) e ' +
        'clique em **Criar Conta**. A página "Informe os dados para criar a nova conta" é exibida.',
      '**Nome**: informe o nome do interessado ou a razão social da empresa (é gravado em letras maiúsculas).',
      '**E-mail**: informe o e-mail que será o seu login.',
      `**Senha**: ${PASSWORD_RULE}`,
      '**Já possui solicitação?**: responda **Sim** se você já tem processo de faixa de domínio aberto no DER ' +
        '(cadastro para atualização); caso contrário, mantenha **Não**.',
      '**Tipo**: marque **Pessoa Física** ou **Pessoa Jurídica** (o padrão é Pessoa Jurídica). Os campos ' +
        'seguintes mudam conforme a escolha.',
      '**CPF/CNPJ**: digite o número do documento. Os dígitos verificadores são conferidos na hora.',
      'Preencha os campos do tipo escolhido, conforme a tabela abaixo, e envie o formulário pelo botão ao final ' +
        'da página.',
      'Aparece a mensagem **"Cadastro realizado com sucesso!"**, informando que foi enviado um e-mail para ' +
        'ativar a conta. Clique em **OK**.',
    ],
  },
  {
    table: {
      columns: [
        { header: 'Campo', width: 0.3 },
        { header: 'Pessoa', width: 0.17 },
        { header: 'Como preencher', width: 0.53 },
      ],
      rows: [
        ['RG', 'Física', 'Obrigatório; somente números.'],
        ['Órgão expedidor', 'Física', 'Obrigatório; por exemplo, SSP.'],
        ['Profissão', 'Física', 'Obrigatória.'],
        ['Estado civil', 'Física', 'Obrigatório.'],
        ['Nacionalidade', 'Física', 'Obrigatória; por exemplo, BRASILEIRA.'],
        ['Inscrição estadual', 'Jurídica', 'Opcional; somente números, ou ISENTO.'],
        ['Nome fantasia', 'Jurídica', 'Obrigatório.'],
        ['Atividade', 'Jurídica', 'Obrigatória; a atividade principal da empresa.'],
      ],
    },
  },
  {
    note:
      'Os dados de pessoa física são gravados em letras maiúsculas. Cada CPF ou CNPJ e cada e-mail só podem ' +
      'ter uma conta; se o portal informar que já existe cadastro, use **Esqueci a senha** na página de login.',
  },
  ...ACTIVATION_AND_LOGIN('faixa'),
  { h1: 'Atendimento' },
  { p: SUPPORT_FAIXA },
];

export const MANUAL_AET_BLOCKS: Block[] = [
  {
    p:
      'Este manual orienta o requerente no pedido, no acompanhamento e no uso da Autorização Especial de ' +
      'Trânsito (AET) emitida pelo DER pelo Portal AET.',
  },
  { h1: '1. O que é a AET' },
  {
    p:
      'A AET é a autorização que permite a um veículo, a uma combinação de veículos de carga (CVC) ou a uma ' +
      'carga indivisível que exceda os limites de peso e dimensões do CONTRAN transitar, em percurso definido, ' +
      'pelas rodovias sob jurisdição do DER (Código de Trânsito Brasileiro, art. 101; Resolução CONTRAN nº ' +
      '882/2021). Para rodovias federais, a autorização é do DNIT.',
  },
  {
    p: 'A AET é concedida em duas modalidades:',
  },
  {
    ul: [
      '**Viagem única**: para um transporte determinado, com validade de até 90 dias;',
      '**Por período**: para trânsito repetido no mesmo percurso, com validade de até 12 meses, renovável.',
    ],
  },
  { h1: '2. Quem precisa de AET' },
  { p: 'Precisa de AET o veículo ou a combinação que ultrapasse algum destes limites:' },
  {
    table: {
      columns: [
        { header: 'Limite', width: 0.4 },
        { header: 'Sem AET', width: 0.6 },
      ],
      rows: [
        ['Largura', '2,60 m'],
        ['Altura', '4,40 m'],
        ['Comprimento', '14,00 m (veículo simples); 18,60 m ou 19,80 m (combinações)'],
        ['Peso bruto total combinado (PBTC)', 'até 57 t'],
      ],
    },
  },
  {
    p:
      'Com AET, as CVC podem chegar a 74 t de PBTC e de 19,80 m a 30,00 m de comprimento (25 a 30 m quando o ' +
      'PBTC passa de 57 t), desde que a capacidade máxima de tração (CMT) do caminhão-trator seja igual ou ' +
      'superior ao PBTC. Acima de limites de engenharia (por exemplo, PBT a partir de 80 t ou largura ou altura ' +
      'acima de 5 m), o pedido exige laudo de engenheiro com registro no CREA e ART.',
  },
  {
    p:
      'Podem requerer a AET o transportador, o embarcador ou o despachante que age em nome de uma empresa, ' +
      'pessoa física ou jurídica, com conta ativa no Portal AET.',
  },
  { h1: '3. Como fazer o pedido' },
  {
    ol: [
      'Entre no Portal AET e escolha **Nova solicitação** (ou copie uma solicitação anterior parecida).',
      'Informe a **modalidade** (viagem única ou por período) e o **enquadramento** (CVC, carga indivisível, ' +
        'guindaste, cegonheiro, contêiner acima de 4,60 m, entre outros).',
      'Cadastre a **composição**, na ordem: caminhão-trator, semirreboques, dolly e reboques. Para cada ' +
        'unidade: placa, RENAVAM, chassi, marca/modelo/ano, tara, PBT, eixos e, no trator, a CMT; anexe os ' +
        'CRLV.',
      'Informe as **dimensões** (comprimento, largura, altura e balanços), o **PBTC** e as cargas por grupo de ' +
        'eixos. O formulário confere na hora se o PBTC não excede a CMT nem a soma dos PBT, e aponta cada ' +
        'limite ultrapassado com a sua base legal.',
      'Descreva a **carga**: descrição, se é indivisível, número ONU se for produto perigoso, peso, dimensões ' +
        'e embarcador.',
      'Monte o **percurso**: origem, destino e os trechos em ordem (rodovia, km inicial e km final), se haverá ' +
        'retorno vazio e a data e hora previstas de saída.',
      'Anexe os documentos: CRLV, desenho da composição com as distâncias entre eixos, fotos, procuração (se ' +
        'for o caso) e, quando exigido, laudo e ART do engenheiro.',
      'Confira as declarações e clique em **Enviar**. O portal gera o número de protocolo.',
    ],
  },
  { h1: '4. Situações da solicitação' },
  {
    table: {
      columns: [
        { header: 'Situação', width: 0.26 },
        { header: 'O que significa', width: 0.74 },
      ],
      rows: [
        ['Rascunho', 'Pedido em preenchimento; pode ser alterado e enviado quando estiver completo.'],
        ['Enviada', 'Pedido protocolado; passa pela pré-análise automática e pelo cálculo da taxa.'],
        [
          'Aguardando pagamento',
          'A guia da taxa foi gerada; o pedido segue após a compensação do pagamento.',
        ],
        ['Paga', 'Pagamento confirmado; o pedido entra na fila de análise.'],
        ['Em análise', 'Um analista do DER confere a composição, as dimensões, o percurso e os documentos.'],
        [
          'Pendente',
          'O analista pediu correção ou complemento. Atenda à pendência e reenvie: o pedido volta para Em ' +
            'análise.',
        ],
        ['Deferida', 'O pedido foi aprovado; a AET está sendo emitida.'],
        ['Emitida', 'A AET está disponível para download em PDF.'],
        ['Indeferida', 'O pedido foi negado; o motivo é informado no processo.'],
      ],
    },
  },
  {
    p:
      'Fluxo: Rascunho - Enviada - Aguardando pagamento - Paga - Em análise (com idas e vindas a Pendente, ' +
      'quando houver correção) - Deferida - Emitida; ou Indeferida.',
  },
  { h1: '5. Validade e uso da AET emitida' },
  {
    ul: [
      'A AET emitida é **Vigente** entre as datas de início e fim de validade impressas nela e, depois, ' +
        '**Expirada**.',
      'Pode ser **Suspensa** (por exemplo, por interdição da rodovia, com estorno da taxa) ou **Cancelada**.',
      'A AET por período pode ser **renovada** a partir do próprio processo.',
      'Respeite as **condições** impressas: trânsito somente diurno, escolta, travessia de pontes sozinho, ' +
        'centralizado e em velocidade reduzida, quando indicadas.',
      'A AET deve acompanhar o veículo durante todo o percurso, impressa ou no celular.',
    ],
  },
  { h1: '6. Como a fiscalização valida a AET' },
  {
    p:
      'Toda AET traz um **QR code** e, sob ele, o endereço da página pública de validação do DER. O QR code ' +
      'contém um código aleatório e exclusivo, diferente do número da AET, e não pode ser deduzido a partir ' +
      'dele.',
  },
  {
    ol: [
      'O agente lê o QR code com a câmera do celular (ou digita o endereço impresso).',
      'A página **Validar AET** do DER mostra a situação da autorização e o PDF autêntico, com os dados ' +
        'pessoais mascarados.',
      'O agente compara placas, dimensões, PBTC, percurso e validade do documento apresentado com os da página.',
    ],
  },
  {
    note:
      'Qualquer divergência entre o documento apresentado e o exibido na página de validação indica ' +
      'adulteração: a AET é considerada inválida, e o condutor e o transportador ficam sujeitos às sanções do ' +
      'CTB e às medidas penais cabíveis.',
    title: 'Atenção',
  },
  { h1: '7. Atendimento' },
  { p: SUPPORT_AET },
];

export const MANUAL_FAIXA_BLOCKS: Block[] = [
  {
    p:
      'Este manual orienta o permissionário na solicitação, no acompanhamento e no cumprimento do Termo de ' +
      'Permissão Especial de Uso (TPEU) da faixa de domínio, pelo Portal da Faixa de Domínio do DER.',
  },
  { h1: '1. O que precisa de TPEU' },
  {
    p:
      'Toda ocupação da faixa de domínio das rodovias do DER depende de TPEU em nome do permissionário, ' +
      'emitido antes do início de qualquer obra. Exemplos:',
  },
  {
    ul: [
      'redes de **energia elétrica** e de **telecomunicações** (postes, cabos aéreos ou subterrâneos);',
      'redes de **água**, **esgoto**, **gás** e dutos em geral;',
      '**acessos** a propriedades, postos de combustível, loteamentos e empreendimentos;',
      '**publicidade** (placas, painéis e outdoors);',
      '**uso comercial** e outras ocupações.',
    ],
  },
  {
    p:
      'O TPEU é outorgado por prazo de até 10 anos (1 ano para publicidade), mediante pagamento do preço ' +
      'público anual multiplicado pelo período, com as isenções previstas na regulamentação do DER (por ' +
      'exemplo, para concessionárias de energia e de telecomunicações e para órgãos públicos).',
  },
  { h1: '2. Como fazer a solicitação' },
  {
    ol: [
      'Entre no portal e escolha **Nova solicitação**.',
      'Identifique o **permissionário** (pessoa física ou jurídica), o endereço (pelo CEP, ou digitado quando ' +
        'o CEP não for encontrado) e, se houver, o representante legal com procuração.',
      'Descreva a **ocupação**: finalidade; forma (longitudinal, transversal/travessia ou pontual); passagem ' +
        '(aérea, subterrânea ou em ponte); método executivo (furo direcional, vala, postes).',
      'Informe a **localização**: rodovia, município, km inicial e final, lado (direito, esquerdo, ambos ou ' +
        'canteiro central), coordenadas em SIRGAS2000 e extensão ou área.',
      'Informe o **prazo** pretendido e o cronograma da obra.',
      'Anexe os documentos da lista de verificação (item 3) e clique em **Protocolar**.',
    ],
  },
  { h1: '3. Lista de documentos' },
  {
    p: 'O portal gera a lista de verificação conforme a finalidade e a forma da ocupação. Em regra, são pedidos:',
  },
  {
    table: {
      columns: [
        { header: 'Documento', width: 0.42 },
        { header: 'Observação', width: 0.58 },
      ],
      rows: [
        ['Requerimento', 'Gerado pelo portal, assinado pelo permissionário ou representante.'],
        ['Documento de identidade ou contrato social', 'Com o cartão CNPJ, no caso de pessoa jurídica.'],
        ['Certidões de regularidade fiscal', 'Dentro da validade.'],
        ['Comprovante de endereço', 'Recente.'],
        ['Procuração', 'Quando a solicitação é feita por representante.'],
        ['Projeto', 'Desenhos amarrados aos marcos quilométricos, em escala 1:1000 ou 1:500.'],
        ['Memorial descritivo', 'Descrição da ocupação e do método executivo.'],
        ['ART', 'Do responsável técnico pelo projeto e pela execução.'],
        ['Projeto de sinalização de obras', 'Conforme as normas do DER.'],
        ['Licenças', 'Ambientais e outras exigidas para a atividade.'],
      ],
    },
  },
  { h1: '4. Situações da solicitação' },
  {
    table: {
      columns: [
        { header: 'Situação', width: 0.26 },
        { header: 'O que significa', width: 0.74 },
      ],
      rows: [
        ['Rascunho', 'Solicitação em preenchimento.'],
        ['Protocolada', 'Recebida pelo DER com a lista de documentos completa.'],
        ['Triagem', 'Conferência inicial de dados e documentos.'],
        ['Pendente', 'Há correção ou complemento a fazer; atenda e reenvie pelo portal.'],
        ['Vistoria', 'Vistoria do local pela equipe do DER, após o pagamento da taxa, quando devida.'],
        [
          'Análise técnica',
          'Cada desenho do projeto é analisado: aprovado, aprovado com ressalvas ou reprovado (com retorno a ' +
            'Pendente).',
        ],
        ['Aprovada', 'Projeto aprovado; os desenhos recebem o carimbo digital de aprovação.'],
        [
          'TPEU emitido',
          'Após o pagamento da remuneração ou o reconhecimento da isenção, o TPEU é assinado.',
        ],
        ['Vigente / obra autorizada', 'A obra pode ser executada nos termos aprovados.'],
        [
          'Termo de Recebimento',
          'Emitido após a vistoria final e a entrega do as-built; a ocupação segue vigente até o fim do prazo.',
        ],
      ],
    },
  },
  {
    p: 'Ao fim, o TPEU pode ser renovado, revogado, encerrado por desistência (com aviso de 60 dias) ou expirar.',
  },
  { h1: '5. Carimbo dos projetos aprovados' },
  {
    p:
      'Cada PDF de projeto aprovado recebe um carimbo digital com: **APROVADO - DER**, o número do processo, o ' +
      'número do TPEU, o nome do analista, a data e hora da aprovação e um QR code de verificação. Somente os ' +
      'desenhos carimbados valem para a execução da obra: mantenha-os no canteiro e apresente-os à ' +
      'fiscalização.',
  },
  {
    note:
      'Não inicie a obra antes de o TPEU estar vigente. A ocupação sem permissão, ou em desacordo com o projeto ' +
      'aprovado, sujeita o responsável à remoção às suas custas e às sanções previstas na regulamentação do ' +
      'DER.',
    title: 'Atenção',
  },
  { h1: '6. Atendimento' },
  { p: SUPPORT_FAIXA },
];
