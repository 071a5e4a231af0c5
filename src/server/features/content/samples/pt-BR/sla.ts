/** O acordo de nível de serviço como é entregue: texto de exemplo (decision 079). */
export const sla = `# Acordo de nível de serviço

Quanta disponibilidade a {{shop.name}} garante, como medimos e o crédito que você recebe quando ficamos abaixo disso.

## Abrangência

Este acordo cobre a disponibilidade dos servidores de jogo que você aluga na {{shop.name}}: a máquina em que seu servidor roda, a energia dela e a rede que a liga aos seus jogadores. Ele vale para todo servidor contratado pelo nosso site.

## Garantia de disponibilidade

Nosso objetivo é manter cada servidor disponível em pelo menos {{rules.slaUptimeTarget}} de cada mês do calendário. Quando um servidor fica abaixo disso, você recebe um crédito, conforme descrito em Créditos de serviço.

## Como medimos a disponibilidade

O tempo fora do ar começa quando confirmamos que um servidor não pode ser acessado ou iniciado por uma falha do nosso lado, e termina quando o serviço é restabelecido. Nossa página de status mostra o que as nossas próprias verificações medem. Para cada servidor, usamos as verificações da máquina em que ele roda: a disponibilidade do mês é a parte dessas verificações em que a máquina respondeu.

A disponibilidade é calculada por servidor, por mês do calendário. O tempo excluído por este acordo não conta como tempo fora do ar.

## Créditos de serviço

Quando a disponibilidade mensal de um servidor cai abaixo de um limite, você recebe um crédito equivalente a uma parte da mensalidade desse servidor:

{{rules.slaCreditTable}}

Vale apenas o maior crédito aplicável, e os créditos de um mês nunca passam da mensalidade daquele mês. Os créditos são somados ao saldo da sua conta e usados automaticamente nas próximas faturas; eles não são pagos em dinheiro.

## Como pedir um crédito

Peça um crédito abrindo um ticket de Faturamento pelo seu painel depois que o mês terminar, em até {{rules.slaClaimWithinDays}} dias após o fim dele. Diga qual servidor foi afetado e, mais ou menos, quando o problema aconteceu.

Conferimos seu pedido com os nossos registros de monitoramento e respondemos no ticket. Créditos aprovados aparecem no saldo da sua conta na hora.

## Exclusões

O tempo fora do ar não conta para a garantia quando é causado por:

- manutenção programada anunciada com antecedência
- seus próprios mods, plugins, scripts, recursos ou configurações, incluindo travamentos e lag que eles causem
- atualizações do jogo lançadas pela publicadora que quebrem um servidor ou seus complementos
- ações suas, como parar, reiniciar ou reinstalar o servidor
- suspensão por faturas não pagas ou por violação dos nossos termos de serviço
- quedas de serviços de terceiros dos quais seu jogo depende, como o login da Mojang ou da Microsoft, Steam, Cfx.re ou Discord, ou problemas na conexão do próprio jogador
- eventos fora do nosso controle razoável, como desastres naturais ou quedas de internet em grande escala

## Tempos de resposta do suporte

Estas são as nossas metas para uma primeira resposta de uma pessoa, conforme o tipo de dúvida: dúvidas técnicas, incluindo um servidor fora do ar, {{rules.supportTechnicalReply}}; cobrança {{rules.supportBillingReply}}; vendas {{rules.supportSalesReply}}. São metas, não uma garantia: uma resposta mais demorada não dá direito a crédito.

## Manutenção programada

Anunciamos a manutenção planejada com antecedência por e-mail e na nossa página de status, e a programamos para os horários mais tranquilos da região afetada. A maioria das manutenções não exige mais do que um único reinício do servidor.

Correções de segurança urgentes podem acontecer com pouco aviso. Quando causam tempo fora do ar, esse tempo conta para a sua disponibilidade.

[Ver a página de status](/status)

## Mudanças neste acordo

Nunca reduzimos sua garantia no meio de um período de cobrança que você já pagou. Mudanças neste acordo valem a partir da sua próxima renovação, e enviamos um e-mail antes que elas entrem em vigor.

[Falar com o suporte](/support)
`;
