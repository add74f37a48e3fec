import { token } from '../shared/token.js';
import type { ProfileContent } from './customer-profile.js';

/**
 * The words of a profile that describe the shopper's style: the general style, the persona and
 * the suggested looks of each occasion, and the visual direction of the marketing briefing. (The
 * description, the tone of voice and the campaign notes speak of the customer or of how to talk to
 * them, not of what they wear.)
 */
export function styleTexts(profile: ProfileContent): string[] {
  const texts: string[] = [];
  const add = (text: string | undefined) => {
    if (text !== undefined && text.trim() !== '') texts.push(text);
  };
  add(profile.perfil_cliente?.estilo_geral);
  for (const occasion of profile.ocasioes_relevantes ?? []) {
    add(occasion.persona_na_ocasião);
    for (const look of occasion.sugestao_look ?? []) add(look);
  }
  for (const direction of profile.briefing_marketing?.direcao_visual ?? []) add(direction);
  return texts;
}

/**
 * The style words of shoppers' profiles, for re-ranking their answers: a lookup, never a wait. A
 * profile this process does not have at hand answers undefined now and is read in the background,
 * so the shopper's next requests have it.
 */
export interface ShopperStyles {
  /** The style texts of the profile whose id is `userId`: empty when it has none or there is no such profile; undefined while not at hand. */
  styleOf(userId: string): readonly string[] | undefined;
}

export const ShopperStylesToken = token<ShopperStyles>('ShopperStyles');
