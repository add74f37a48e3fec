/**
 * The customer's marketing and style profile, with the contract's field names (Portuguese, and
 * `ocasião` / `persona_na_ocasião` with the character ã). Every field is optional: a profile is
 * built over time by whatever produces it, and readers must cope with the fields it has.
 */
export interface OccasionItem {
  readonly ocasião?: string;
  readonly persona_na_ocasião?: string;
  readonly sugestao_look?: readonly string[];
}

export interface ProfileContent {
  readonly perfil_cliente?: {
    readonly descricao_geral?: string;
    readonly estilo_geral?: string;
  };
  readonly ocasioes_relevantes?: readonly OccasionItem[];
  readonly briefing_marketing?: {
    readonly tom_de_voz?: readonly string[];
    readonly direcao_visual?: readonly string[];
    readonly orientacao_campanhas?: readonly string[];
  };
  readonly ganchos_conteudo?: readonly string[];
  readonly momento_compra_atual?: {
    readonly navegacoes?: readonly string[];
    readonly resumo_momento?: string;
    readonly relacao_com_historico?: string;
    readonly novo_comportamento?: boolean;
    readonly oportunidades?: readonly string[];
  };
}

/** The contract's CustomerProfile: what every profile lookup answers. */
export interface CustomerProfile {
  readonly userProfileId: string;
  readonly profile: ProfileContent;
}

/** The normalised identifiers that find a profile besides its own id. */
export interface ProfileIdentifiers {
  readonly phones: readonly string[];
  readonly emails: readonly string[];
  readonly documents: readonly string[];
}

/** A stored profile: the contract's answer plus the identifiers it is found by. */
export interface ProfileRecord extends CustomerProfile {
  readonly identifiers: ProfileIdentifiers;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export const MAX_USER_PROFILE_ID_LENGTH = 128;

/** A profile id is matched exactly; it must be printable text of a sane length. */
export function userProfileIdProblem(value: string): string | undefined {
  if (value.length === 0) return 'must not be empty';
  if (value.trim().length === 0) return 'must not be blank';
  if (value.length > MAX_USER_PROFILE_ID_LENGTH) return `must be at most ${MAX_USER_PROFILE_ID_LENGTH} characters`;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return 'must not contain control characters';
  return undefined;
}

/** The shopper a similar-products request or an event names: a null, empty or blank `userId` names nobody (an anonymous shopper). */
export function shopperIdOf(userId: string | null | undefined): string | undefined {
  return userId === null || userId === undefined || userId.trim() === '' ? undefined : userId;
}

export function toCustomerProfile(record: ProfileRecord): CustomerProfile {
  return { userProfileId: record.userProfileId, profile: record.profile };
}
