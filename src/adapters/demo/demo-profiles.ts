import type { UpsertProfileCommand } from '../../application/profile/upsert-profile.js';

const DAY = 86_400_000;

/** `2026-11-19 14:32 — ...`: the date-prefixed lines of `navegacoes`, relative to the load time. */
function visit(now: Date, daysAgo: number, time: string, what: string): string {
  return `${new Date(now.getTime() - daysAgo * DAY).toISOString().slice(0, 10)} ${time} — ${what}`;
}

/**
 * Six customers with the kind of profile a CRM's AI writes, each reachable by its id, a phone, an
 * e-mail and a CPF (one company buyer by an alphanumeric CNPJ). Identifiers are written the way
 * people type them; the service normalises them.
 */
export function demoProfiles(now: Date): UpsertProfileCommand[] {
  return [
    {
      userProfileId: 'up_ana_souza',
      identifiers: { phones: ['+55 (11) 98765-4321'], emails: ['Ana.Souza@exemplo.com.br'], documents: ['529.982.247-25'] },
      profile: {
        perfil_cliente: {
          descricao_geral:
            'Ana, 34 anos, gerente de projetos em São Paulo. Compra com frequência mensal, prefere peças versáteis que funcionem do escritório ao happy hour.',
          estilo_geral: 'Clássico contemporâneo, com tons neutros e tecidos naturais',
        },
        ocasioes_relevantes: [
          {
            ocasião: 'Trabalho híbrido',
            persona_na_ocasião: 'Profissional que quer parecer arrumada sem abrir mão do conforto',
            sugestao_look: ['Calça pantalona de linho areia', 'Blusa básica off-white', 'Tênis casual de couro'],
          },
          {
            ocasião: 'Casamento de amiga',
            persona_na_ocasião: 'Convidada elegante que evita exageros',
            sugestao_look: ['Vestido midi de seda terracota', 'Sandália de salto bloco caramelo', 'Clutch de palha'],
          },
        ],
        briefing_marketing: {
          tom_de_voz: ['Próximo e seguro', 'Sem gírias', 'Valoriza qualidade e durabilidade'],
          direcao_visual: ['Luz natural', 'Paleta terrosa', 'Ambientes urbanos'],
          orientacao_campanhas: [
            'Destacar versatilidade das peças',
            'Comunicar tecidos naturais',
            'Evitar apelos de urgência agressivos',
          ],
        },
        ganchos_conteudo: ['5 formas de usar a mesma pantalona', 'Guia de tecidos naturais para o verão'],
        momento_compra_atual: {
          navegacoes: [
            visit(now, 1, '14:32', 'visualizou Vestido Midi de Linho (VES-001)'),
            visit(now, 1, '14:40', 'adicionou Sandália Salto Bloco (SAN-002) à sacola'),
            visit(now, 3, '21:05', 'buscou "vestido para casamento de dia"'),
          ],
          resumo_momento: 'Procurando um look para um casamento diurno nas próximas semanas.',
          relacao_com_historico: 'Coerente com o histórico: já comprou vestidos midi e sandálias de salto baixo.',
          novo_comportamento: false,
          oportunidades: [
            'Oferecer combinação vestido + sandália',
            'Sugerir acessórios dourados',
            'Lembrar frete grátis acima de R$ 399',
          ],
        },
      },
    },
    {
      userProfileId: 'up_bruno_lima',
      identifiers: { phones: ['21 99876-5432'], emails: ['bruno.lima@exemplo.com.br'], documents: ['123.456.789-09'] },
      profile: {
        perfil_cliente: {
          descricao_geral:
            'Bruno, 28 anos, designer no Rio de Janeiro. Compra por impulso em lançamentos e acompanha tendências nas redes sociais.',
          estilo_geral: 'Streetwear com referências retrô',
        },
        ocasioes_relevantes: [
          {
            ocasião: 'Fim de semana na cidade',
            persona_na_ocasião: 'Criativo que usa a roupa como expressão',
            sugestao_look: ['Tênis retrô cano alto', 'Calça jogger de sarja', 'Jaqueta bomber verde oliva'],
          },
        ],
        briefing_marketing: {
          tom_de_voz: ['Descontraído', 'Direto', 'Referências de cultura pop'],
          direcao_visual: ['Cores saturadas', 'Fotografia de rua', 'Enquadramentos ousados'],
          orientacao_campanhas: ['Anunciar lançamentos em primeira mão', 'Usar edições limitadas'],
        },
        ganchos_conteudo: ['Drop da semana', 'Bastidores da coleção'],
        momento_compra_atual: {
          navegacoes: [
            visit(now, 0, '09:12', 'visualizou Tênis Retrô (TEN-001)'),
            visit(now, 0, '09:15', 'comparou tamanhos do TEN-001 e TEN-005'),
          ],
          resumo_momento: 'Decidindo entre dois tênis da nova coleção.',
          relacao_com_historico: 'Mantém o padrão de compra em lançamentos de calçados.',
          novo_comportamento: false,
          oportunidades: ['Avisar quando o TEN-001 voltar ao tamanho 42', 'Oferecer jaqueta bomber combinando'],
        },
      },
    },
    {
      userProfileId: 'up_carla_mendes',
      identifiers: { phones: ['5531988881234'], emails: ['carla.mendes@exemplo.com.br'], documents: ['39053344705'] },
      profile: {
        perfil_cliente: {
          descricao_geral:
            'Carla, 45 anos, médica em Belo Horizonte. Compra poucas vezes por ano, com tíquete alto e foco em peças duráveis.',
          estilo_geral: 'Elegante e minimalista',
        },
        ocasioes_relevantes: [
          {
            ocasião: 'Congresso médico',
            persona_na_ocasião: 'Palestrante que precisa transmitir autoridade',
            sugestao_look: ['Calça de alfaiataria preta', 'Blusa de seda off-white', 'Bolsa tote de couro caramelo'],
          },
          {
            ocasião: 'Viagem de férias',
            persona_na_ocasião: 'Viajante que prioriza praticidade',
            sugestao_look: ['Vestido chemise de linho', 'Tênis slip-on', 'Mochila de couro'],
          },
        ],
        briefing_marketing: {
          tom_de_voz: ['Sofisticado', 'Objetivo', 'Informativo'],
          direcao_visual: ['Composição limpa', 'Tons sóbrios', 'Detalhes de acabamento'],
          orientacao_campanhas: ['Comunicar curadoria e exclusividade', 'Evitar promoções agressivas'],
        },
        ganchos_conteudo: ['Peças-chave para um guarda-roupa atemporal', 'Como cuidar do couro'],
        momento_compra_atual: {
          navegacoes: [
            visit(now, 2, '20:10', 'visualizou Bolsa Tote de Couro (BOL-001)'),
            visit(now, 2, '20:18', 'favoritou Calça Alfaiataria (CAL-004)'),
          ],
          resumo_momento: 'Montando um guarda-roupa para um congresso internacional.',
          relacao_com_historico: 'Compra pouco mas de forma planejada; este é o período habitual de compra.',
          novo_comportamento: false,
          oportunidades: ['Atendimento personalizado pelo WhatsApp', 'Sugerir kit alfaiataria completo'],
        },
      },
    },
    {
      userProfileId: 'up_diego_ferreira',
      identifiers: { phones: ['(51) 99123-4567'], emails: ['diego.ferreira@exemplo.com.br'], documents: ['714.602.380-01'] },
      profile: {
        perfil_cliente: {
          descricao_geral:
            'Diego, 38 anos, professor em Porto Alegre. Sensível a preço, compra nas liquidações e valoriza conforto para o frio.',
          estilo_geral: 'Casual funcional',
        },
        ocasioes_relevantes: [
          {
            ocasião: 'Inverno gaúcho',
            persona_na_ocasião: 'Quem precisa de camadas práticas para o dia todo',
            sugestao_look: ['Jaqueta puffer azul marinho', 'Calça jeans reta', 'Tênis casual de couro'],
          },
        ],
        briefing_marketing: {
          tom_de_voz: ['Amigável', 'Claro sobre preços e condições'],
          direcao_visual: ['Ambientes aconchegantes', 'Tons quentes'],
          orientacao_campanhas: ['Destacar parcelamento e descontos progressivos', 'Comunicar durabilidade'],
        },
        ganchos_conteudo: ['Como montar camadas no inverno', 'Peças com melhor custo-benefício'],
        momento_compra_atual: {
          navegacoes: [
            visit(now, 5, '12:01', 'visualizou Jaqueta Puffer (JAQ-004)'),
            visit(now, 4, '18:45', 'abriu e-mail da campanha Liquida Inverno'),
          ],
          resumo_momento: 'Aguardando a liquidação para comprar uma jaqueta.',
          relacao_com_historico: 'Histórico de compras concentrado em liquidações.',
          novo_comportamento: false,
          oportunidades: ['Avisar quando a jaqueta entrar em promoção', 'Cupom de primeira compra no app'],
        },
      },
    },
    {
      userProfileId: 'up_elisa_rocha',
      identifiers: { phones: ['+55 81 98222-3344'], emails: ['ELISA.ROCHA@EXEMPLO.COM.BR'], documents: ['857 341 926 19'] },
      profile: {
        perfil_cliente: {
          descricao_geral: 'Elisa, 23 anos, estudante em Recife. Primeira compra há dois meses; navega muito pelo app à noite.',
          estilo_geral: 'Praia urbana, colorido e despojado',
        },
        ocasioes_relevantes: [
          {
            ocasião: 'Praia com amigas',
            persona_na_ocasião: 'Jovem que quer fotos bonitas e peças confortáveis',
            sugestao_look: ['Biquíni cortininha terracota', 'Saída de praia de crochê', 'Rasteira de couro'],
          },
          {
            ocasião: 'Festa junina',
            persona_na_ocasião: 'Quem gosta de entrar no clima sem fantasia',
            sugestao_look: ['Vestido curto xadrez', 'Sandália rasteira', 'Lenço de seda'],
          },
        ],
        briefing_marketing: {
          tom_de_voz: ['Leve', 'Divertido', 'Com emojis moderados'],
          direcao_visual: ['Cores vibrantes', 'Luz do fim de tarde', 'Cenários de praia'],
          orientacao_campanhas: ['Conteúdo em vídeo curto', 'Parcerias com criadoras locais'],
        },
        ganchos_conteudo: ['Looks de praia para o verão', 'Provador virtual no app'],
        momento_compra_atual: {
          navegacoes: [
            visit(now, 0, '23:40', 'visualizou Biquíni Cortininha (PRA-001)'),
            visit(now, 0, '23:52', 'visualizou Saída de Praia (PRA-003)'),
            visit(now, 1, '22:15', 'buscou "kimono"'),
          ],
          resumo_momento: 'Explorando moda praia pela primeira vez na loja.',
          relacao_com_historico: 'Novo interesse: a primeira compra foi de tênis.',
          novo_comportamento: true,
          oportunidades: ['Mostrar coleção de moda praia no app', 'Oferecer frete grátis na segunda compra'],
        },
      },
    },
    {
      userProfileId: 'up_boutique_bela_vista',
      identifiers: { phones: ['+55 11 3456-7890'], emails: ['compras@belavista.com.br'], documents: ['12.ABC.345/01DE-35'] },
      profile: {
        perfil_cliente: {
          descricao_geral:
            'Boutique Bela Vista, multimarcas em Campinas. Compra no atacado duas vezes por estação, com foco em acessórios e bolsas.',
          estilo_geral: 'Curadoria feminina contemporânea',
        },
        ocasioes_relevantes: [
          {
            ocasião: 'Reposição de estoque da estação',
            persona_na_ocasião: 'Compradora que busca giro rápido e margem',
            sugestao_look: ['Bolsas de palha', 'Brincos dourados', 'Lenços de seda estampados'],
          },
        ],
        briefing_marketing: {
          tom_de_voz: ['Profissional', 'Orientado a resultados'],
          direcao_visual: ['Catálogo limpo', 'Fotos de produto em fundo neutro'],
          orientacao_campanhas: ['Condições de atacado', 'Pré-venda de coleção'],
        },
        ganchos_conteudo: ['Mais vendidos da estação', 'Tendências para vitrines de loja'],
        momento_compra_atual: {
          navegacoes: [visit(now, 6, '10:30', 'baixou a planilha de pedidos de atacado')],
          resumo_momento: 'Preparando o pedido de reposição do verão.',
          relacao_com_historico: 'Pedido sazonal esperado.',
          novo_comportamento: false,
          oportunidades: ['Enviar pré-venda de acessórios', 'Oferecer desconto por volume'],
        },
      },
    },
  ];
}
