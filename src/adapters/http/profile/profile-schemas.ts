import { batchItems } from '../shared/batch-schemas.js';
import * as v from 'valibot';
import { MAX_IDENTIFIERS_PER_KIND } from '../../../application/profile/upsert-profile.js';
import { jsonObject, stringList } from '../shared/common-schemas.js';

const text = v.string('must be a string');
const texts = v.array(text, 'must be an array of strings');
const flag = v.boolean('must be true or false');

/**
 * Keys written in decomposed Unicode (`ocasia\u0303o`) mean the same field as the composed form the
 * contract uses; composing them first keeps such fields from being dropped. Only an occasion has
 * keys outside ASCII, so only its own keys are composed (nothing deeper is walked).
 */
function composeKeys(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[key.normalize('NFC')] = inner;
  return out;
}

const Occasion = v.pipe(
  v.unknown(),
  v.transform(composeKeys),
  jsonObject(
    {
      ocasião: v.optional(text),
      persona_na_ocasião: v.optional(text),
      sugestao_look: v.optional(texts),
    },
    'must be an object',
  ),
);

/** The contract's profile object: every field optional, every field present of the right type. */
export const ProfileContentSchema = jsonObject(
  {
    perfil_cliente: v.optional(
      jsonObject({ descricao_geral: v.optional(text), estilo_geral: v.optional(text) }, 'must be an object'),
    ),
    ocasioes_relevantes: v.optional(v.array(Occasion, 'must be an array of occasions')),
    briefing_marketing: v.optional(
      jsonObject(
        { tom_de_voz: v.optional(texts), direcao_visual: v.optional(texts), orientacao_campanhas: v.optional(texts) },
        'must be an object',
      ),
    ),
    ganchos_conteudo: v.optional(texts),
    momento_compra_atual: v.optional(
      jsonObject(
        {
          navegacoes: v.optional(
            v.pipe(
              texts,
              v.description(
                "Lines of the form `2026-11-20 14:32 — visualizou Vestido Midi de Linho (VES-001)`. A lookup answers them live: the shopper's latest views, cart adds and purchases Vitrine recorded (`visualizou`, `adicionou à sacola`, `comprou`; the instant in the shop's time zone), latest first, then the stored lines, each once, at most MOMENT_LINES (10) in all. A session's events before it named the shopper count too.",
              ),
            ),
          ),
          resumo_momento: v.optional(text),
          relacao_com_historico: v.optional(text),
          novo_comportamento: v.optional(flag),
          oportunidades: v.optional(texts),
        },
        'must be an object',
      ),
    ),
  },
  'must be an object',
);

const profileWriteEntries = {
  identifiers: v.optional(
    jsonObject(
      {
        phones: v.optional(stringList(MAX_IDENTIFIERS_PER_KIND)),
        emails: v.optional(stringList(MAX_IDENTIFIERS_PER_KIND)),
        documents: v.optional(stringList(MAX_IDENTIFIERS_PER_KIND)),
      },
      'must be an object',
    ),
  ),
  profile: ProfileContentSchema,
};

export const ProfileWriteBody = jsonObject(profileWriteEntries, 'must be a JSON object');

/** A profile of a batch write: the single write's body with the profile's id. */
export const ProfileBatchItem = jsonObject({
  userProfileId: v.string('must be a string'),
  ...profileWriteEntries,
});

/** A batch write of profiles, as documented (each item is checked on its own: see parseBatch). */
export const ProfileBatchBody = jsonObject({ profiles: batchItems(ProfileBatchItem) }, 'must be a JSON object');

/** The contract's CustomerProfile, as the four lookups answer it. */
export const CustomerProfileResponse = v.object({ userProfileId: v.string(), profile: ProfileContentSchema });
