/** Os termos de serviço como são entregues: texto de exemplo (decision 079). */
export const terms = `# Termos de serviço

As regras que valem quando você aluga um servidor de jogo na {{shop.name}}, escritas para serem lidas, e não puladas.

## Aceitação destes termos

Estes termos de serviço são o acordo entre você e {{seller.name}}, {{seller.address}} (identificação fiscal {{seller.taxId}}), que opera a {{shop.name}}. Eles valem quando você cria uma conta, contrata um servidor de jogo, compra um pacote de upgrade ou usa nosso site e seu painel de cliente. Ao fazer qualquer uma dessas coisas, você aceita estes termos.

Se você os aceita em nome de uma equipe, clã, comunidade ou empresa, confirma que tem autorização para isso e que essas pessoas também ficam vinculadas a estes termos.

Você precisa ter pelo menos 18 anos para criar uma conta e pagar por serviços, ou ter um responsável legal que aceite estes termos e assuma a responsabilidade pela conta.

## Sua conta

Você é responsável por manter seus dados de acesso em segurança e por tudo o que for feito pela sua conta, inclusive por pessoas a quem você dá acesso ao seu servidor ou ao painel de jogo. Recomendamos fortemente ativar o login em duas etapas nas configurações da conta.

Mantenha seu e-mail atualizado. Faturas, lembretes de renovação, avisos de pagamento recusado e avisos de suspensão são enviados para ele, e consideramos entregue qualquer mensagem enviada para esse endereço.

Uma conta por pessoa ou organização. Não abra contas extras para contornar uma suspensão ou para ganhar comissão de indicação nas suas próprias compras.

## Nossos serviços

A {{shop.name}} aluga servidores de jogo para Minecraft, FiveM e Palworld. Cada servidor recebe a memória, as vCPUs e o armazenamento do plano escolhido, no local escolhido. Adicionais e pacotes de upgrade ampliam um servidor com os recursos descritos em suas páginas.

A configuração de um servidor começa assim que seu pagamento é confirmado e costuma levar 1-3 minutos. Você pode acompanhar o andamento no seu painel.

Podemos mover um servidor para outra máquina no mesmo local para fazer manutenção ou manter o desempenho estável. Fazemos isso com a menor interrupção possível e avisamos você com antecedência quando for preciso reiniciar.

Se não conseguirmos configurar um servidor que você pagou nem resolver o problema, reembolsamos esse pagamento integralmente.

## Cobrança e renovações

Os preços são mostrados na sua moeda antes do pagamento. Você paga adiantado pelo período de cobrança escolhido: mensal, 3 meses, 6 meses ou 12 meses. Períodos mais longos têm o desconto mostrado antes do pagamento. Impostos são acrescentados quando a lei exige.

Todo serviço é renovado automaticamente no fim do período de cobrança e cobrado na sua forma de pagamento salva, a menos que você cancele antes. Toda cobrança vem com uma fatura no seu painel.

Podemos mudar nossos preços. Um novo preço só vale para um serviço existente a partir da primeira renovação que ocorra pelo menos {{rules.priceChangeNoticeDays}} dias depois de enviarmos um e-mail sobre a mudança, para que você sempre tenha tempo de trocar de plano ou cancelar.

## Pagamentos recusados, suspensão e exclusão

Quando um pagamento de renovação é recusado, enviamos um e-mail na hora. Você pode atualizar sua forma de pagamento e pagar a fatura em aberto a qualquer momento na página de Faturamento do seu painel.

- Depois de {{rules.paymentRetryDays}} dias, tentamos a cobrança de novo automaticamente.
- Depois de {{rules.suspendAfterDays}} dias sem pagamento, o serviço é suspenso: o servidor é parado e não pode ser iniciado, mas seus arquivos são mantidos. Pagar a fatura traz tudo de volta.
- Depois de {{rules.deleteAfterDays}} dias sem pagamento, o serviço é encerrado e seus arquivos e backups são excluídos permanentemente. Depois disso não conseguimos recuperá-los.

## Cancelamento, reembolsos e backups

Você pode cancelar um serviço a qualquer momento pelo painel. O cancelamento vale no fim do período já pago, e o servidor continua funcionando até lá. Não reembolsamos a parte não usada de um período, exceto pela nossa garantia de reembolso.

Serviços novos têm garantia de reembolso de {{rules.refundWindowHours}} horas. Reembolsos aprovados voltam para a forma de pagamento original e levam {{rules.refundProcessingDays}} dias úteis para chegar.

Quando um serviço cancelado termina, o último backup fica disponível para download no seu painel por {{rules.backupKeptAfterCancelDays}} dias. Depois disso ele é excluído de vez, então baixe tudo o que quiser guardar.

[Ler a política de reembolso completa](/refund)

## Uso aceitável

Seu servidor serve para rodar o seu jogo e as ferramentas que o acompanham. Você não pode usá-lo, nem deixar ninguém usá-lo, para:

- atacar, escanear ou sobrecarregar outros servidores ou redes, incluindo "testes de estresse" DDoS em qualquer coisa que não seja sua
- mineração de criptomoedas, proxies abertos, envio de e-mails em massa ou qualquer carga que não seja um servidor de jogo ou suas ferramentas de apoio
- hospedar ou distribuir malware, contas roubadas, recursos vazados ou pirateados, ou conteúdo ilegal onde você ou nós atuamos
- assediar, ameaçar ou expor dados pessoais de jogadores (doxxing), ou manter um servidor voltado ao ódio ou ao abuso
- violar os termos de licença ou as regras de comunidade do jogo que você roda

Quando algo ameaça nossa rede, outros clientes ou a lei, podemos suspender um servidor imediatamente e depois explicar o motivo. Em problemas menores, entramos em contato primeiro e damos a você a chance de corrigi-los.

## Seu conteúdo e as licenças dos jogos

Mundos, arquivos de configuração, plugins, mods, scripts e tudo o que você enviar continuam sendo seus. Você nos concede apenas os direitos necessários para armazená-los, fazer backup e executá-los para prestar o serviço.

Você é responsável por ter o direito de usar o que envia e por seguir as regras da publicadora do jogo que hospeda, como o Contrato de Licença de Usuário Final do Minecraft e suas regras de monetização, os termos da plataforma Cfx.re para o FiveM e os termos aplicáveis aos servidores dedicados de Palworld.

Não vasculhamos seus arquivos, mas agimos diante de denúncias fundamentadas de conteúdo ilegal ou violação de direitos autorais, o que pode incluir desativar o conteúdo ou o servidor.

## Disponibilidade e responsabilidade

Garantimos nossa disponibilidade com o acordo de nível de serviço. Os créditos de serviço descritos nele são a sua compensação pelo tempo fora do ar.

Guarde suas próprias cópias de tudo o que for importante. Backups, inclusive os do adicional de backups automáticos, são uma rede de segurança e não uma garantia contra todo tipo de perda.

Na medida permitida pela lei, nossa responsabilidade total por qualquer reclamação se limita ao valor que você nos pagou pelo serviço afetado nos doze meses anteriores ao fato que deu origem à reclamação, e não respondemos por perdas indiretas como progresso perdido no jogo, doações ou receita. Nada nestes termos limita uma responsabilidade que a lei não permite limitar.

[Ler o acordo de nível de serviço](/sla)

## Mudanças nestes termos e contato

Podemos atualizar estes termos conforme o serviço cresce. Quando uma mudança afetar você, enviaremos um e-mail antes que ela entre em vigor, e a data no topo desta página sempre mostra a versão atual. Se você continuar usando o serviço depois que uma mudança entrar em vigor, os novos termos passam a valer.

Dúvidas sobre estes termos? Abra um ticket pelo seu painel ou mande uma mensagem pela página de suporte, e uma pessoa de verdade vai responder.

[Falar com o suporte](/support)
`;
