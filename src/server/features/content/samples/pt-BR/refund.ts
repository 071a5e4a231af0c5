/** A política de reembolso como é entregue: texto de exemplo (decision 079). */
export const refund = `# Política de reembolso

Experimente a {{shop.name}} sem risco: se um servidor novo não for o que você queria, avise em até {{rules.refundWindowHours}} horas e você recebe seu dinheiro de volta.

## Garantia de reembolso de {{rules.refundWindowHours}} horas

Todo serviço novo vem com garantia de reembolso de {{rules.refundWindowHours}} horas. Se você pedir em até {{rules.refundWindowHours}} horas depois do primeiro pagamento por ele, reembolsamos esse pagamento integralmente. Você não precisa dar um motivo, embora a gente goste de saber o que não funcionou para você.

Os reembolsos voltam para a forma de pagamento que você usou e levam {{rules.refundProcessingDays}} dias úteis para chegar, dependendo do seu banco.

## O que a garantia cobre

A garantia vale para:

- o primeiro pagamento de um servidor de jogo novo, qualquer que seja o plano, o local e o período de cobrança escolhidos, incluindo os adicionais contratados junto
- o primeiro pagamento de um pacote de upgrade

## O que ela não cobre

A garantia não vale para:

- pedidos feitos mais de {{rules.refundWindowHours}} horas depois do pagamento
- pagamentos de renovação; cancele antes da data de renovação se não quiser o próximo período
- serviços suspensos ou encerrados por violação dos nossos termos de serviço
- contas que contratam e pedem reembolso de serviços repetidas vezes para ter hospedagem de graça

Quando a lei do seu país der a você mais direitos do que esta política, esses direitos também valem.

## Se o seu servidor não puder ser configurado

Servidores novos costumam ficar prontos em 1-3 minutos. Se a configuração do seu servidor falhar, nossa equipe é alertada e cuida disso na hora. Se não conseguirmos resolver, reembolsamos seu pagamento integralmente, não importa quando isso aconteça nem se o prazo de {{rules.refundWindowHours}} horas já passou.

## Como pedir um reembolso

Cancelar um serviço não é o mesmo que pedir um reembolso. Para pedir, abra um ticket na página de Suporte do seu painel com a categoria Faturamento, ou envie uma mensagem pela nossa página de suporte pública. Diga para qual servidor ou pacote é o pedido.

Confirmamos o reembolso por e-mail. Um serviço reembolsado é cancelado na hora e seus arquivos são excluídos, então baixe tudo o que quiser guardar antes de pedir.

[Falar com o suporte](/support)

## Quando o dinheiro chega

Depois que aprovamos um reembolso, o dinheiro volta para o cartão ou a forma de pagamento que você usou. Seu banco ou a emissora do cartão leva {{rules.refundProcessingDays}} dias úteis para mostrá-lo na sua conta. A fatura reembolsada aparece marcada como reembolsada no seu histórico de faturamento.

## Cancelar sem reembolso

Você pode cancelar qualquer serviço a qualquer momento pelo painel. Ele continua funcionando até o fim do período pago e não é renovado. Não reembolsamos a parte não usada de um período de cobrança.

Depois que um serviço cancelado termina, o último backup fica disponível para download por {{rules.backupKeptAfterCancelDays}} dias.

Se aumentarmos o preço do seu plano, avisamos pelo menos {{rules.priceChangeNoticeDays}} dias antes de ele valer, para você ter tempo de cancelar antes de pagar o novo preço.

## Pagamentos recusados

Se um pagamento de renovação for recusado, tentamos de novo depois de {{rules.paymentRetryDays}} dias. Um serviço sem pagamento há {{rules.suspendAfterDays}} dias é suspenso, e um sem pagamento há {{rules.deleteAfterDays}} dias é excluído junto com os backups. Pagar a fatura em aberto antes disso traz de volta um servidor suspenso. O tempo em que um serviço fica suspenso não é reembolsado nem somado ao período de cobrança.

## Contestações

Fale com a gente antes de contestar um pagamento no seu banco: um reembolso feito por nós é mais rápido para você. Enquanto uma contestação estiver aberta, os serviços que ela cobre podem ser suspensos.

## Comissões de indicação

A comissão de afiliado sobre um pagamento só passa a ser devida depois que o prazo de reembolso de {{rules.refundWindowHours}} horas dele termina. Se um pagamento for reembolsado, a comissão sobre ele é cancelada.
`;
