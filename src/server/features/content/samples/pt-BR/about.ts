/** A página "Sobre" como é entregue: texto de exemplo (decision 079). */
export const about = `# Feito por jogadores, operado como infraestrutura

A {{shop.name}} existe para que manter um servidor de jogo seja como jogar, e não como tomar conta de uma máquina.

## Nossa história

Criamos a {{shop.name}} depois de anos mantendo nossos próprios servidores de comunidade: mundos de sobrevivência que ficaram grandes demais para um PC velho, cidades de roleplay que só se aguentavam com reinícios de madrugada e amigos perguntando por que o servidor tinha caído de novo. Sabíamos o que queríamos de uma hospedagem e não encontrávamos.

Então construímos. Servidores que ficam online sozinhos alguns minutos depois do pagamento. Preços que dá para entender de relance, sem nada somado na hora de pagar. Um painel que entrega a você o console, os backups e o botão de reiniciar, em vez de escondê-los.

## No que acreditamos

- **Jogadores em primeiro lugar.** Toda escolha começa pelas pessoas no seu servidor: ping baixo, tick rate estável e reinícios quando ninguém está online.
- **Preços honestos.** O preço da página é o preço que você paga. Períodos mais longos têm um desconto claro, e não há taxa de instalação.
- **Seu servidor, seus dados.** Acesso total aos arquivos, backups para baixar e nenhuma amarra. Se um dia você sair, leva seu mundo junto.

## Promessas que você pode cobrar

- Garantia de reembolso de {{rules.refundWindowHours}} horas em todo serviço novo: veja a [política de reembolso](/refund).
- Créditos de serviço quando não atingimos a disponibilidade garantida, que podem ser solicitados em até {{rules.slaClaimWithinDays}} dias: veja o [acordo de nível de serviço](/sla).
- Pelo menos {{rules.priceChangeNoticeDays}} dias de aviso antes que uma mudança de preço chegue às suas renovações: veja os [termos de serviço](/terms).
- Seu último backup guardado por {{rules.backupKeptAfterCancelDays}} dias depois do cancelamento: veja a [política de privacidade](/privacy).
`;
