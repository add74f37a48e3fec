/** Test data mothers: valid objects by default, changed only where a test says so. */
import type { ApiToken } from '../../src/domain/auth/api-token.js';
import type { ShopperEvent } from '../../src/domain/events/shopper-event.js';
import { SCOPES } from '../../src/domain/auth/scopes.js';
import type { SliceInput } from '../../src/domain/merchandising/slice.js';
import type { Product, ProductInput } from '../../src/domain/product/product.js';
import type { ProfileContent, ProfileRecord } from '../../src/domain/profile/customer-profile.js';

export const T0 = new Date('2026-11-21T12:00:00.000Z');

export function at(iso: string): Date {
  return new Date(iso);
}

export function aProductInput(overrides: Partial<ProductInput> = {}): ProductInput {
  return {
    id: 'P-1',
    name: 'Vestido Midi Linho Areia',
    description: 'Vestido midi de linho.',
    category: 'vestidos',
    brand: 'Aurora',
    price: 299.9,
    available: true,
    tags: ['verão', 'linho'],
    attributes: { cor: 'Areia' },
    ...overrides,
  };
}

export function aProduct(overrides: Partial<Product> = {}): Product {
  return { ...aProductInput(), createdAt: T0, updatedAt: T0, ...overrides };
}

/** What a plain product says of itself: its name (`Item <id>`) and nothing else a similarity could read. */
const PLAIN = { description: undefined, tags: [], brand: undefined, price: undefined, category: undefined } as const;

/** A product input with text of its own (the mother's default name, tags and brand are shared by every product). */
export function aPlainProductInput(id: string, overrides: Partial<ProductInput> = {}): ProductInput {
  return aProductInput({ id, name: `Item ${id}`, ...PLAIN, ...overrides });
}

/** The same, as stored. */
export function aPlainProduct(id: string, overrides: Partial<Product> = {}): Product {
  return aProduct({ id, name: `Item ${id}`, ...PLAIN, ...overrides });
}

export function aSliceInput(overrides: Partial<SliceInput> = {}): SliceInput {
  return {
    name: 'Black Friday',
    type: 'MANUAL',
    startsAt: at('2026-11-27T03:00:00.000Z'),
    endsAt: at('2026-11-28T03:00:00.000Z'),
    products: ['P-1', 'P-2', 'P-3'],
    ...overrides,
  };
}

export function someProfileContent(overrides: Partial<ProfileContent> = {}): ProfileContent {
  return {
    perfil_cliente: { descricao_geral: 'Cliente frequente de São Paulo.', estilo_geral: 'Clássico' },
    ocasioes_relevantes: [{ ocasião: 'Casamento', persona_na_ocasião: 'Convidada elegante', sugestao_look: ['Vestido midi'] }],
    briefing_marketing: { tom_de_voz: ['Próximo'], direcao_visual: ['Luz natural'], orientacao_campanhas: ['Versatilidade'] },
    ganchos_conteudo: ['Guia de linho'],
    momento_compra_atual: {
      navegacoes: ['2026-11-20 14:32 — visualizou VES-001'],
      resumo_momento: 'Procurando vestido.',
      relacao_com_historico: 'Coerente.',
      novo_comportamento: false,
      oportunidades: ['Sandália combinando'],
    },
    ...overrides,
  };
}

export function aProfileRecord(overrides: Partial<ProfileRecord> = {}): ProfileRecord {
  return {
    userProfileId: 'up_1',
    identifiers: { phones: ['+5511987654321'], emails: ['ana@example.com'], documents: ['52998224725'] },
    profile: someProfileContent(),
    createdAt: T0,
    updatedAt: T0,
    ...overrides,
  };
}

export function anApiToken(overrides: Partial<ApiToken> = {}): ApiToken {
  return { id: 'tok_1', name: 'storefront', scopes: [...SCOPES], createdAt: T0, hash: 'a'.repeat(64), ...overrides };
}

/** A view of P-1 by up_ana in session s-1 at T0; fields given as undefined are left out. */
export function anEvent(overrides: Partial<ShopperEvent> = {}): ShopperEvent {
  const event: Record<string, unknown> = {
    type: 'view',
    productId: 'P-1',
    sessionId: 's-1',
    userId: 'up_ana',
    at: T0,
    ...overrides,
  };
  for (const key of Object.keys(event)) if (event[key] === undefined) delete event[key];
  return event as unknown as ShopperEvent;
}

/** Valid Brazilian documents for tests (check digits computed, not copied from real people). */
export const VALID_CPF = '52998224725';
export const VALID_CPF_FORMATTED = '529.982.247-25';
export const VALID_CNPJ = '11222333000181';
export const VALID_CNPJ_FORMATTED = '11.222.333/0001-81';
export const VALID_ALPHANUMERIC_CNPJ = '12ABC34501DE35';
export const VALID_ALPHANUMERIC_CNPJ_FORMATTED = '12.ABC.345/01DE-35';

/** The contract's ActiveSliceResponse: exactly these fields, in this order. */
export const ACTIVE_SLICE_RESPONSE_FIELDS = [
  'collectionId',
  'collectionName',
  'collectionDescription',
  'sliceId',
  'sliceName',
  'startsAt',
  'endsAt',
  'products',
] as const;
