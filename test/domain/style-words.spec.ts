import { describe, expect, it } from 'vitest';
import { styleTexts } from '../../src/domain/profile/style-words.js';
import { someProfileContent } from '../support/mothers.js';

describe('the style words of a profile', () => {
  it('are the general style, each occasion’s persona and looks, and the visual direction, in that order', () => {
    expect(styleTexts(someProfileContent())).toEqual(['Clássico', 'Convidada elegante', 'Vestido midi', 'Luz natural']);
  });

  it('leave out what speaks of the customer or of how to talk to them: description, tone of voice, campaigns, hooks, the moment', () => {
    const texts = styleTexts(someProfileContent());
    for (const left of ['Cliente frequente de São Paulo.', 'Próximo', 'Versatilidade', 'Guia de linho', 'Procurando vestido.']) {
      expect(texts).not.toContain(left);
    }
    expect(
      styleTexts({ perfil_cliente: { descricao_geral: 'Gosta de linho' }, briefing_marketing: { tom_de_voz: ['Leve'] } }),
    ).toEqual([]);
  });

  it('take every occasion and every look, and skip empty or blank texts', () => {
    const texts = styleTexts({
      perfil_cliente: { estilo_geral: '  ' },
      ocasioes_relevantes: [
        { ocasião: 'Praia', persona_na_ocasião: 'Despojada', sugestao_look: ['Saída de praia', ''] },
        { ocasião: 'Trabalho', sugestao_look: ['Alfaiataria', 'Camisa de seda'] },
        { persona_na_ocasião: '' },
      ],
      briefing_marketing: { direcao_visual: ['Tons terrosos', ' '] },
    });
    expect(texts).toEqual(['Despojada', 'Saída de praia', 'Alfaiataria', 'Camisa de seda', 'Tons terrosos']);
  });

  it('are none for an empty profile', () => {
    expect(styleTexts({})).toEqual([]);
    expect(styleTexts({ ocasioes_relevantes: [], briefing_marketing: {} })).toEqual([]);
  });
});
