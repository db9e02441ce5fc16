import type { ErrorCode, Language } from '@der/contracts';

type Catalogue = Record<ErrorCode, string>;

/**
 * One user-facing message per error code, in each language of the product. `{fields}` is replaced by the
 * names of the offending fields. The web app shows `Message` as is (spec §8), so these are full sentences.
 */
export const ERROR_MESSAGES: Record<Language, Catalogue> = {
  'pt-BR': {
    VALIDATION_FAILED: 'Dados inválidos nos campos: {fields}.',
    BAD_REQUEST: 'A requisição é inválida.',
    UNAUTHENTICATED: 'Sua sessão não é válida ou expirou. Entre novamente.',
    FORBIDDEN: 'Você não tem permissão para realizar esta operação.',
    NOT_FOUND: 'O registro solicitado não foi encontrado.',
    ROUTE_NOT_FOUND: 'O endereço solicitado não existe na API.',
    CONFLICT: 'O registro foi alterado por outra pessoa. Recarregue e tente novamente.',
    PAYLOAD_TOO_LARGE: 'O conteúdo enviado é maior que o permitido.',
    UNSUPPORTED_MEDIA_TYPE: 'O tipo de conteúdo enviado não é aceito.',
    RATE_LIMITED: 'Muitas tentativas em pouco tempo. Aguarde e tente novamente.',
    INTERNAL_ERROR: 'Ocorreu um erro inesperado. Tente novamente mais tarde.',
    SERVICE_UNAVAILABLE: 'O serviço está temporariamente indisponível. Tente novamente em instantes.',
    SERVER_SHUTTING_DOWN: 'O servidor está reiniciando. Tente novamente em instantes.',
    AUTH_TERMS_NOT_ACCEPTED: 'É necessário aceitar o termo de uso vigente para continuar.',
    AUTH_TERMS_MUST_BE_ACCEPTED: 'Para conseguir acessar é obrigatório aceitar o termo de uso.',
    AUTH_MFA_REQUIRED: 'Conclua a autenticação em duas etapas para continuar.',
    AUTH_MFA_CODE_INVALID: 'Código de verificação inválido ou já utilizado.',
    AUTH_MFA_ATTEMPTS_EXCEEDED: 'Muitos códigos incorretos. Entre novamente.',
    AUTH_MFA_NOT_SET_UP: 'A autenticação em duas etapas ainda não foi configurada.',
    AUTH_WRONG_PASSWORD: 'A senha atual não confere.',
    AUTH_EXPIRED_PASSWORD_CHANGE_REFUSED: 'Login ou senha atual incorretos.',
    AUTH_PASSWORD_CHANGE_NOT_ALLOWED: 'Você não tem permissão para alterar a senha.',
    AUTH_RESET_LINK_INVALID:
      'Este link para criar uma nova senha é inválido ou expirou. Peça um novo em "Esqueci a senha".',
    ACCOUNT_DUPLICATE_DOCUMENT: 'Já existe uma conta com este CPF/CNPJ.',
    ACCOUNT_DUPLICATE_EMAIL: 'Já existe uma conta com este e-mail.',
    ACCOUNT_TOKEN_INVALID: 'Token inválido.',
    ACCOUNT_TOKEN_EXPIRED: 'O link de ativação expirou. Cadastre-se novamente ou peça um novo link.',
    ACCOUNT_TIPO_REQUERENTE_INVALID: 'O tipo de requerente informado não existe.',
    ADDITIONAL_FIELD_DUPLICATE_NAME: 'Já existe um campo adicional com este nome para esta entidade.',
    EMAIL_SERVER_NOT_CONFIGURED: 'O servidor de e-mail ainda não foi configurado.',
    DEFINITION_INVALID:
      'O arquivo de definição de aplicação é inválido. Corrija os problemas listados e envie novamente.',
    DEFINITION_VERSION_NOT_NEWER:
      'A definição "{key}" já está instalada na versão {stored}; envie uma versão maior que {stored} (o arquivo tem a versão {version}).',
    ITEM_VERSION_CONFLICT:
      'O item foi alterado por {name} em {when} enquanto você o editava. Nada foi gravado: recarregue e tente novamente.',
    ITEM_EDIT_FORBIDDEN: 'O usuário não tem permissão para editar o item.',
    BULK_OPERATION_FORBIDDEN:
      'Atualizar vários itens de uma vez e importar planilhas são tarefas da equipe do DER; use os formulários para cada solicitação.',
    BULK_SELECTION_EMPTY: 'Selecione pelo menos um item!',
    ITEM_PROJECT_NOT_EMPTY: 'O projeto ainda tem itens. Exclua ou mova os itens antes de excluir o projeto.',
    REPOSITORY_FOLDER_NOT_EMPTY:
      'A pasta não está vazia. Mova ou exclua as pastas e os arquivos dela antes de excluí-la.',
    REPOSITORY_NAME_TAKEN: 'Já existe uma pasta "{name}" neste local.',
    CEP_NOT_FOUND: 'O CEP {cep} não foi encontrado; confira o número ou preencha o endereço manualmente.',
    CEP_SERVICE_UNAVAILABLE: 'Serviço de CEP indisponível; preencha o endereço manualmente.',
    PAYMENT_PROVIDER_NOT_CONFIGURED:
      'Nenhum provedor de pagamento está configurado (PAYMENT_PROVIDER_URL): o pagamento é confirmado pelo analista.',
    PAYMENT_PROVIDER_UNAVAILABLE: 'O provedor de pagamento não respondeu; tente de novo em instantes.',
    PAYMENT_NOT_AWAITING: 'A solicitação não está aguardando pagamento.',
    PAYMENT_FEE_MISSING: 'A solicitação não tem taxa definida; o DER informará o valor.',
    PAYMENT_WEBHOOK_REFUSED: 'Notificação de pagamento recusada: assinatura inválida, vencida ou repetida.',
    FILE_TOO_LARGE: 'O arquivo "{name}" é maior que o limite de {limitMiB} MiB.',
    FILE_TYPE_NOT_ALLOWED:
      'O arquivo "{name}" não é de um tipo aceito. Envie PDF, imagem (PNG, JPEG, WebP, GIF), DOCX, XLSX, CSV ou texto.',
    ATTACHMENT_LIMIT_REACHED: 'Você não pode adicionar mais de {qtd} arquivos.',
    ATTACHMENT_INVALID_FILE: 'Arquivo inválido: "{name}" não é um arquivo enviado por você para anexar.',
    FILE_LINK_EXPIRED: 'O link do arquivo expirou. Baixe-o novamente pela tela.',
    FILE_CONTENT_DAMAGED:
      'O conteúdo do arquivo "{name}" está danificado ou ausente no armazenamento e não foi entregue. Avise o suporte.',
    FILE_STORAGE_UNAVAILABLE:
      'O armazenamento de arquivos está indisponível no momento. Tente novamente em instantes.',
    ADMIN_LAST_ADMINISTRATOR:
      'Não é possível remover, desativar ou retirar a permissão do último administrador da plataforma.',
    ADMIN_CANNOT_DELETE_SELF: 'Você não pode remover o seu próprio usuário.',
    ADMIN_DUPLICATE_LOGIN: 'Já existe um usuário com este login.',
    ADMIN_USER_VERSION_CONFLICT:
      'O registro foi alterado por {name} enquanto você o editava. Recarregue e tente novamente.',
    ADMIN_GROUP_DUPLICATE_NAME: 'Já existe um grupo com este nome.',
    COMPANY_DUPLICATE_CNPJ: 'Já existe uma empresa com este CNPJ.',
    ORGANIZATIONAL_UNIT_HAS_CHILDREN:
      'A unidade "{name}" tem unidades subordinadas. Exclua ou mova as subordinadas antes de excluí-la.',
    ORGANIZATIONAL_UNIT_IN_USE:
      'A unidade "{name}" está informada em {count} item(ns) e não pode ser excluída. Desative-a para que não seja mais escolhida.',
    WORK_CALENDAR_IN_USE:
      'O calendário "{name}" é usado por {resources} recurso(s) e {projects} projeto(s) e não pode ser excluído. Escolha outro calendário para eles antes.',
    PLAN_LIMIT_REACHED:
      'O plano contratado permite no máximo {limit} usuários ativos. Desative usuários ou amplie o plano.',
    SIGNATURE_CERTIFICATE_PASSWORD_WRONG:
      'Senha do certificado: a senha informada não abre o certificado digital (A1). Confira e tente novamente.',
    SIGNATURE_CERTIFICATE_INVALID:
      'Certificado digital: o arquivo não é um certificado A1 (PKCS#12, .pfx/.p12) com chave privada.',
    SIGNATURE_CERTIFICATE_EXPIRED: 'Certificado digital: o certificado está fora da validade ({notAfter}).',
    SIGNATURE_CERTIFICATE_MISSING:
      'Certificado digital: envie o seu certificado A1 (.pfx/.p12) para assinar; nenhum está guardado.',
    SIGNATURE_NOT_PDF: 'Só é possível assinar arquivos PDF: "{name}" não é um PDF.',
    SIGNATURE_NEEDS_SAVED_ITEM: 'Para assinar, salve primeiro o item com o anexo e escolha um arquivo.',
    SIGNATURE_PROTOCOL_TEMPLATE_MISSING:
      'Não foi possível emitir o Protocolo de Assinatura porque o modelo de protocolo não foi configurado.',
    STAMP_NOT_PDF: 'Não é possível carimbar: "{name}" não é um documento PDF.',
    STAMP_ALREADY_STAMPED: 'Não é possível carimbar: o documento "{name}" já está carimbado.',
    STAMP_AFTER_SIGNATURE:
      'Não é possível carimbar o documento "{name}" depois de assinado: o carimbo apagaria as assinaturas. Carimbe antes de assinar.',
    PRINT_LAYOUT_INVALID:
      'O layout de impressão "{name}" está num formato antigo ou inválido; um administrador precisa corrigi-lo na definição.',
    IMPORT_LIMIT_EXCEEDED:
      'A planilha foi recusada: ela passa de um limite de segurança da importação ({limit}: {max}). Nada foi importado.',
    IMPORT_KEY_REUSED:
      'Esta importação já foi feita com outro arquivo. Escolha o arquivo novamente para importá-lo.',
    IMPORT_IN_PROGRESS:
      'Esta importação já está em andamento. Aguarde o resultado antes de enviá-la de novo.',
    RESOURCE_CHANGE_FORBIDDEN: 'Somente administradores e o supervisor do recurso podem alterá-lo.',
  },
  en: {
    VALIDATION_FAILED: 'Invalid data in the fields: {fields}.',
    BAD_REQUEST: 'The request is invalid.',
    UNAUTHENTICATED: 'Your session is not valid or has expired. Please sign in again.',
    FORBIDDEN: 'You do not have permission to perform this operation.',
    NOT_FOUND: 'The requested record was not found.',
    ROUTE_NOT_FOUND: 'The requested address does not exist in the API.',
    CONFLICT: 'The record was changed by someone else. Reload and try again.',
    PAYLOAD_TOO_LARGE: 'The content sent is larger than allowed.',
    UNSUPPORTED_MEDIA_TYPE: 'The content type sent is not accepted.',
    RATE_LIMITED: 'Too many attempts in a short time. Wait and try again.',
    INTERNAL_ERROR: 'An unexpected error occurred. Please try again later.',
    SERVICE_UNAVAILABLE: 'The service is temporarily unavailable. Please try again shortly.',
    SERVER_SHUTTING_DOWN: 'The server is restarting. Please try again shortly.',
    AUTH_TERMS_NOT_ACCEPTED: 'You must accept the current terms of use to continue.',
    AUTH_TERMS_MUST_BE_ACCEPTED: 'To be able to access it is mandatory to accept the term of use',
    AUTH_MFA_REQUIRED: 'Complete the two-step authentication to continue.',
    AUTH_MFA_CODE_INVALID: 'Invalid or already used verification code.',
    AUTH_MFA_ATTEMPTS_EXCEEDED: 'Too many wrong codes. Please sign in again.',
    AUTH_MFA_NOT_SET_UP: 'Two-step authentication is not set up yet.',
    AUTH_WRONG_PASSWORD: 'The current password does not match.',
    AUTH_EXPIRED_PASSWORD_CHANGE_REFUSED: 'Wrong login or current password.',
    AUTH_PASSWORD_CHANGE_NOT_ALLOWED: 'You are not allowed to change the password.',
    AUTH_RESET_LINK_INVALID:
      'This link to choose a new password is invalid or has expired. Ask for a new one under "Forgot my password".',
    ACCOUNT_DUPLICATE_DOCUMENT: 'An account with this CPF/CNPJ already exists.',
    ACCOUNT_DUPLICATE_EMAIL: 'An account with this e-mail already exists.',
    ACCOUNT_TOKEN_INVALID: 'Invalid token.',
    ACCOUNT_TOKEN_EXPIRED: 'The activation link has expired. Register again or ask for a new link.',
    ACCOUNT_TIPO_REQUERENTE_INVALID: 'The requester type given does not exist.',
    ADDITIONAL_FIELD_DUPLICATE_NAME: 'An additional field with this name already exists for this entity.',
    EMAIL_SERVER_NOT_CONFIGURED: 'The e-mail server has not been configured yet.',
    DEFINITION_INVALID:
      'The application definition file is invalid. Fix the problems listed and upload it again.',
    DEFINITION_VERSION_NOT_NEWER:
      'The definition "{key}" is already installed at version {stored}; upload a version above {stored} (the file has version {version}).',
    ITEM_VERSION_CONFLICT:
      'The item was changed by {name} on {when} while you were editing it. Nothing was saved: reload and try again.',
    ITEM_EDIT_FORBIDDEN: 'The user does not have permission to edit the item.',
    BULK_OPERATION_FORBIDDEN:
      'Updating many items at once and importing spreadsheets are tasks of the DER staff; use the forms for each request.',
    BULK_SELECTION_EMPTY: 'Select at least one item!',
    ITEM_PROJECT_NOT_EMPTY: 'The project still has items. Delete or move them before deleting the project.',
    REPOSITORY_FOLDER_NOT_EMPTY:
      'The folder is not empty. Move or delete its folders and files before deleting it.',
    REPOSITORY_NAME_TAKEN: 'A folder "{name}" already exists here.',
    CEP_NOT_FOUND:
      'The postal code (CEP) {cep} was not found; check the number or fill in the address by hand.',
    CEP_SERVICE_UNAVAILABLE: 'The postal code (CEP) service is unavailable; fill in the address by hand.',
    PAYMENT_PROVIDER_NOT_CONFIGURED:
      'No payment provider is configured (PAYMENT_PROVIDER_URL): payments are confirmed by an analyst.',
    PAYMENT_PROVIDER_UNAVAILABLE: 'The payment provider did not answer; try again in a moment.',
    PAYMENT_NOT_AWAITING: 'The request is not awaiting payment.',
    PAYMENT_FEE_MISSING: 'The request has no fee set; the department will set it.',
    PAYMENT_WEBHOOK_REFUSED: 'Payment notification refused: invalid, stale or repeated signature.',
    FILE_TOO_LARGE: 'The file "{name}" is larger than the {limitMiB} MiB limit.',
    FILE_TYPE_NOT_ALLOWED:
      'The file "{name}" is not of an accepted type. Send a PDF, an image (PNG, JPEG, WebP, GIF), DOCX, XLSX, CSV or text.',
    ATTACHMENT_LIMIT_REACHED: 'You cannot add more than {qtd} files.',
    ATTACHMENT_INVALID_FILE: 'Invalid File: "{name}" is not a file you uploaded to attach.',
    FILE_LINK_EXPIRED: 'The file link has expired. Download it again from the screen.',
    FILE_CONTENT_DAMAGED:
      'The content of the file "{name}" is damaged or missing in the file storage and was not sent. Tell the support team.',
    FILE_STORAGE_UNAVAILABLE: 'The file storage is unavailable right now. Please try again shortly.',
    ADMIN_LAST_ADMINISTRATOR:
      'The last administrator of the platform cannot be removed, disabled or lose the administrator permission.',
    ADMIN_CANNOT_DELETE_SELF: 'You cannot remove your own user.',
    ADMIN_DUPLICATE_LOGIN: 'A user with this login already exists.',
    ADMIN_USER_VERSION_CONFLICT:
      'The record was changed by {name} while you were editing it. Reload and try again.',
    ADMIN_GROUP_DUPLICATE_NAME: 'A group with this name already exists.',
    COMPANY_DUPLICATE_CNPJ: 'A company with this CNPJ already exists.',
    ORGANIZATIONAL_UNIT_HAS_CHILDREN:
      'The unit "{name}" has subordinate units. Delete or move them before deleting it.',
    ORGANIZATIONAL_UNIT_IN_USE:
      'The unit "{name}" is set on {count} item(s) and cannot be deleted. Deactivate it so it is no longer offered.',
    WORK_CALENDAR_IN_USE:
      'The calendar "{name}" is used by {resources} resource(s) and {projects} project(s) and cannot be deleted. Choose another calendar for them first.',
    PLAN_LIMIT_REACHED:
      'The contracted plan allows at most {limit} active users. Deactivate users or upgrade the plan.',
    SIGNATURE_CERTIFICATE_PASSWORD_WRONG:
      'Certificate password: the password given does not open the digital certificate (A1). Check it and try again.',
    SIGNATURE_CERTIFICATE_INVALID:
      'Digital certificate: the file is not an A1 certificate (PKCS#12, .pfx/.p12) with a private key.',
    SIGNATURE_CERTIFICATE_EXPIRED:
      'Digital certificate: the certificate is out of its validity ({notAfter}).',
    SIGNATURE_CERTIFICATE_MISSING:
      'Digital certificate: upload your A1 certificate (.pfx/.p12) to sign; none is stored.',
    SIGNATURE_NOT_PDF: 'Only PDF files can be signed: "{name}" is not a PDF.',
    SIGNATURE_NEEDS_SAVED_ITEM: 'To sign, first save the item with the attachment and choose a file.',
    SIGNATURE_PROTOCOL_TEMPLATE_MISSING:
      'Unable to issue the Signature Protocol because the protocol template was not configured.',
    STAMP_NOT_PDF: 'Cannot stamp: "{name}" is not a PDF document.',
    STAMP_ALREADY_STAMPED: 'Cannot stamp: the document "{name}" is already stamped.',
    STAMP_AFTER_SIGNATURE:
      'Cannot stamp the document "{name}" once signed: the stamp would erase the signatures. Stamp before signing.',
    PRINT_LAYOUT_INVALID:
      'The print layout "{name}" is in an old or invalid format; an administrator needs to fix it in the definition.',
    IMPORT_LIMIT_EXCEEDED:
      'The spreadsheet was refused: it exceeds a safety limit of the import ({limit}: {max}). Nothing was imported.',
    IMPORT_KEY_REUSED: 'This import was already made with another file. Choose the file again to import it.',
    IMPORT_IN_PROGRESS: 'This import is already in progress. Wait for its result before sending it again.',
    RESOURCE_CHANGE_FORBIDDEN: "Only administrators and the resource's supervisor may change it.",
  },
};

/**
 * Wordings of one code that depend on what was refused, chosen by the error's `variant` param (the plan
 * field whose limit was reached, …). The code's own message above is the fallback.
 */
export const ERROR_MESSAGE_VARIANTS: Record<Language, Partial<Record<ErrorCode, Record<string, string>>>> = {
  'pt-BR': {
    RESOURCE_CHANGE_FORBIDDEN: {
      read: 'Os recursos são vistos por quem tem acesso a esta aplicação.',
      create: 'Somente administradores podem cadastrar recursos.',
      delete: 'Somente administradores podem excluir recursos.',
      ownership: 'Somente administradores podem trocar o tipo, a pessoa ou o supervisor de um recurso.',
    },
    IMPORT_LIMIT_EXCEEDED: {
      uncompressedSize:
        'A planilha foi recusada: descompactada, ela passaria de {max} MiB (limite de tamanho descompactado). Nada foi importado.',
      compressionRatio:
        'A planilha foi recusada: uma parte dela está comprimida mais de {max} vezes (limite de taxa de compressão), o que indica um arquivo malicioso. Nada foi importado.',
      entries:
        'A planilha foi recusada: ela tem mais de {max} partes internas (limite de entradas do arquivo). Nada foi importado.',
      cellLength:
        'A planilha foi recusada: uma célula tem mais de {max} caracteres (limite de tamanho de célula). Nada foi importado.',
      sharedStrings:
        'A planilha foi recusada: ela tem mais de {max} textos distintos (limite de textos compartilhados). Nada foi importado.',
      rows: 'A planilha tem mais de {max} linhas de dados (limite de linhas). Divida-a em arquivos menores; nada foi importado.',
      columns: 'A planilha tem mais de {max} colunas (limite de colunas). Nada foi importado.',
    },
    PLAN_LIMIT_REACHED: {
      maxApplications:
        'O plano contratado permite no máximo {limit} aplicações. Remova aplicações ou amplie o plano.',
      maxStorageMiB:
        'O plano contratado permite armazenar no máximo {limit} MiB de arquivos, e este arquivo ultrapassaria o limite. Libere espaço ou amplie o plano.',
    },
  },
  en: {
    RESOURCE_CHANGE_FORBIDDEN: {
      read: 'Resources are seen by those with access to this application.',
      create: 'Only administrators may register resources.',
      delete: 'Only administrators may delete resources.',
      ownership: "Only administrators may change a resource's kind, person or supervisor.",
    },
    IMPORT_LIMIT_EXCEEDED: {
      uncompressedSize:
        'The spreadsheet was refused: uncompressed, it would exceed {max} MiB (uncompressed size limit). Nothing was imported.',
      compressionRatio:
        'The spreadsheet was refused: a part of it is compressed more than {max} times (compression ratio limit), a sign of a malicious file. Nothing was imported.',
      entries:
        'The spreadsheet was refused: it has more than {max} inner parts (archive entries limit). Nothing was imported.',
      cellLength:
        'The spreadsheet was refused: a cell has more than {max} characters (cell length limit). Nothing was imported.',
      sharedStrings:
        'The spreadsheet was refused: it has more than {max} distinct texts (shared strings limit). Nothing was imported.',
      rows: 'The spreadsheet has more than {max} data rows (rows limit). Split it into smaller files; nothing was imported.',
      columns: 'The spreadsheet has more than {max} columns (columns limit). Nothing was imported.',
    },
    PLAN_LIMIT_REACHED: {
      maxApplications:
        'The contracted plan allows at most {limit} applications. Remove applications or upgrade the plan.',
      maxStorageMiB:
        'The contracted plan allows storing at most {limit} MiB of files, and this file would exceed the limit. Free up space or upgrade the plan.',
    },
  },
};

export function translateError(
  code: ErrorCode,
  language: Language,
  params: Record<string, string> = {},
): string {
  const variant = params.variant ? ERROR_MESSAGE_VARIANTS[language][code]?.[params.variant] : undefined;
  return (variant ?? ERROR_MESSAGES[language][code]).replace(
    /\{(\w+)\}/g,
    (match, name: string) => params[name] ?? match,
  );
}

/** Confirmations the API answers as text (not errors), in each language of the product. */
export const INFO_MESSAGES = {
  registrationEmailSent: {
    'pt-BR': 'Enviamos uma mensagem para o e-mail cadastrado para ativar a conta.',
    en: 'We sent a message to the registered e-mail to activate the account.',
  },
  adminUserSaved: { 'pt-BR': 'O usuário foi salvo com sucesso!', en: 'The User was successfully saved!' },
  adminUsersRemoved: {
    'pt-BR': 'Os usuários foram removidos com sucesso!',
    en: 'Users have been removed successfully!',
  },
  adminGroupSaved: { 'pt-BR': 'O grupo foi salvo com sucesso!', en: 'The group was successfully saved!' },
  adminGroupsRemoved: {
    'pt-BR': 'Os grupos foram removidos com sucesso!',
    en: 'Groups have been removed successfully!',
  },
  adminGroupMembersSaved: {
    'pt-BR': 'Os membros do grupo foram salvos com sucesso!',
    en: 'The group members were successfully saved!',
  },
  adminGroupApplicationsSaved: {
    'pt-BR': 'As aplicações do grupo foram salvas com sucesso!',
    en: 'The group applications were successfully saved!',
  },
  adminCompanySaved: {
    'pt-BR': 'A empresa foi salva com sucesso!',
    en: 'The company was successfully saved!',
  },
  adminCompaniesRemoved: {
    'pt-BR': 'As empresas foram removidas com sucesso!',
    en: 'Companies have been removed successfully!',
  },
  adminOrganizationalUnitSaved: {
    'pt-BR': 'A unidade foi salva com sucesso!',
    en: 'The unit was successfully saved!',
  },
  adminOrganizationalUnitRemoved: {
    'pt-BR': 'A unidade foi excluída com sucesso!',
    en: 'The unit was successfully deleted!',
  },
  adminWorkCalendarSaved: {
    'pt-BR': 'O calendário foi salvo com sucesso!',
    en: 'The calendar was successfully saved!',
  },
  adminWorkCalendarsRemoved: {
    'pt-BR': 'Os calendários foram removidos com sucesso!',
    en: 'Calendars have been removed successfully!',
  },
  resourceSaved: { 'pt-BR': 'O recurso foi salvo com sucesso!', en: 'The resource was successfully saved!' },
  resourcesRemoved: {
    'pt-BR': 'Os recursos foram removidos com sucesso!',
    en: 'Resources have been removed successfully!',
  },
  itemChangedTitle: {
    'pt-BR': '{formattedId} foi alterado',
    en: '{formattedId} was changed',
  },
  itemChangedText: {
    'pt-BR': '{name} alterou o item {formattedId} — {title}, que você segue.',
    en: '{name} changed the item {formattedId} — {title}, which you follow.',
  },
  itemChangedTextUntitled: {
    'pt-BR': '{name} alterou o item {formattedId}, que você segue.',
    en: '{name} changed the item {formattedId}, which you follow.',
  },
} as const satisfies Record<string, Record<Language, string>>;

export function translateInfo(key: keyof typeof INFO_MESSAGES, language: Language): string {
  return INFO_MESSAGES[key][language];
}
