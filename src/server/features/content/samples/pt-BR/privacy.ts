/** A política de privacidade como é entregue: texto de exemplo (decision 079). */
export const privacy = `# Política de privacidade

O que coletamos quando você usa nosso site e nossos servidores, por que precisamos disso, por quanto tempo guardamos e o controle que você tem sobre esses dados.

## Quem somos

A {{shop.name}} opera este site, o painel de cliente e os servidores de jogo que você aluga conosco. O controlador dos dados pessoais descritos aqui é {{seller.name}}, {{seller.address}} (identificação fiscal {{seller.taxId}}): decidimos por que e como eles são usados, e respondemos por isso.

Esta política vale para clientes, visitantes do nosso site e qualquer pessoa que escreva para a nossa equipe de suporte. Ela não cobre o que você faz com os dados dos jogadores que entram no seu próprio servidor; o responsável por isso é você.

## Dados que coletamos

Coletamos apenas o que precisamos para manter seus servidores funcionando, cobrar você e ajudar você:

- Dados da conta: seu e-mail, seu nome se você informar e sua senha, que guardamos apenas como hash de mão única.
- Dados de faturamento: faturas, pagamentos, reembolsos, crédito da conta e a bandeira, os quatro últimos dígitos e a validade dos seus cartões salvos.
- Dados do servidor: nomes de servidores, configurações, arquivos que você envia, saída do console e backups.
- Dados de suporte: seus tickets, respostas e mensagens enviadas pelo nosso formulário de contato.
- Dados técnicos: endereços IP, tipo de navegador, horários de login e eventos de segurança, como tentativas de login que falharam.
- Dados de indicação: o código de indicação com que você se cadastrou, e os cliques e cadastros que chegam pelo seu próprio link de indicação.

## Como usamos seus dados

Usamos seus dados para:

- configurar, operar, fazer backup e monitorar os servidores que você contrata
- cobrar você, enviar faturas, tentar de novo pagamentos recusados e processar reembolsos
- responder aos seus tickets e mensagens
- enviar e-mails do serviço, como confirmação de cadastro, redefinição de senha, lembretes de renovação e avisos de instabilidade
- acompanhar indicações e pagar comissões de afiliados
- proteger as contas e a nossa rede contra fraude e abuso
- entender, de forma agregada, quais planos e recursos são usados, para podermos melhorá-los

Não vendemos seus dados pessoais e não os usamos para publicidade em outros sites.

## Bases legais

Quando a lei de proteção de dados exige que indiquemos uma base legal, estas são as nossas:

- Contrato: prestar e cobrar os serviços que você contratou.
- Obrigação legal: guardar faturas e registros de pagamento conforme a legislação fiscal e contábil.
- Interesses legítimos: manter as contas e a nossa rede seguras, evitar fraudes e melhorar o serviço.
- Consentimento: novidades opcionais do produto por e-mail, que você pode desativar a qualquer momento nas configurações de notificação.

## Cookies

Usamos o mínimo possível de cookies, e nenhum para publicidade ou rastreamento entre sites:

- Cookies de sessão mantêm você conectado. Eles são HttpOnly, então scripts da página não conseguem lê-los, e são enviados apenas para o nosso próprio site.
- Um cookie de indicação guarda por 90 dias o código de indicação de um link que você seguiu, para que a pessoa que indicou você receba o crédito se você se cadastrar.

## Pagamentos

Os pagamentos com cartão são processados pelo nosso provedor de pagamentos na própria página de pagamento segura dele. O número completo do seu cartão e o código de segurança vão direto para o provedor e nunca passam pelos nossos servidores.

Recebemos uma referência ao seu cartão salvo, a bandeira, os quatro últimos dígitos, a validade e o resultado de cada pagamento, que é o que precisamos para cobrar as renovações e mostrar seu histórico de faturamento.

## Com quem compartilhamos dados

Compartilhamos dados apenas com as pessoas e os serviços que precisam deles para fazer a sua parte:

- nosso provedor de pagamentos, para receber pagamentos e fazer reembolsos
- nosso provedor de envio de e-mails, para enviar os e-mails do serviço
- os data centers e provedores de rede que hospedam nossas máquinas
- consultores profissionais, como contadores, quando precisam dos dados para o trabalho deles
- autoridades, quando a lei exige e somente na medida em que exige

Se você se cadastrou por um link de indicação, a pessoa que indicou você vê a indicação no painel de afiliado dela com poucos detalhes, como nome ou e-mail parcialmente ocultos, o plano e a comissão. Ela nunca vê seus dados de pagamento.

O endereço do seu servidor é público por natureza: qualquer pessoa para quem você o passar, ou que o encontrar em uma lista de servidores, pode se conectar.

## Por quanto tempo guardamos os dados

Guardamos os dados apenas enquanto eles têm uma finalidade:

- Dados da conta: enquanto sua conta estiver aberta; são excluídos quando você a encerra, exceto o que a lei nos obriga a guardar.
- Arquivos do servidor: enquanto o serviço estiver ativo. Depois de {{rules.deleteAfterDays}} dias sem pagamento, um servidor e seus backups são excluídos permanentemente.
- Backups de serviços cancelados: disponíveis para download por {{rules.backupKeptAfterCancelDays}} dias depois do fim do serviço e, em seguida, excluídos.
- Faturas e registros de pagamento: pelo tempo que a legislação fiscal e contábil exigir.
- Conversas de suporte: enquanto sua conta estiver aberta, para termos o histórico se você escrever de novo.
- Registros de segurança: apenas pelo tempo necessário para investigar abusos e manter as contas seguras.

## Como protegemos seus dados

As conexões com o nosso site e o painel são criptografadas. As senhas são guardadas apenas como hashes lentos e com salt, de modo que ninguém na nossa empresa consegue lê-las. Sua sessão fica em um cookie HttpOnly que os scripts da página não conseguem ler, e você pode sair de todas as sessões de uma vez nas configurações de segurança.

Você pode ativar o login em duas etapas com qualquer aplicativo autenticador. Nossa equipe só vê dados de clientes quando a função exige, por exemplo para responder ao seu ticket.

Se algum dia um incidente colocar seus dados pessoais em risco, avisaremos você e as autoridades competentes conforme a lei exige.

## Seus direitos

Dependendo de onde você mora, você tem o direito de:

- obter uma cópia dos dados pessoais que mantemos sobre você
- corrigir dados incorretos
- excluir seus dados, exceto o que a lei nos obriga a guardar
- receber seus dados em um formato portável
- se opor a alguns usos dos seus dados ou pedir que os limitemos
- retirar um consentimento que tenha dado, por exemplo para as novidades do produto
- reclamar à autoridade de proteção de dados do seu país

Você mesmo pode alterar a maior parte dos seus dados nas configurações da conta. Para o resto, abra um ticket ou use a página de suporte. Respondemos em até um mês.

## Crianças

Nossos serviços não são voltados para crianças. As contas devem ser abertas por alguém com 18 anos ou mais, ou por um responsável legal que assuma a responsabilidade por elas. Jogadores de qualquer idade podem entrar em um servidor, mas não coletamos os dados pessoais deles; o dono do servidor decide o que o servidor registra.

Se soubermos que temos dados pessoais de uma criança com menos de 13 anos sem a concordância de um responsável legal, nós os excluímos.

## Mudanças e contato

Quando mudamos esta política, atualizamos a data no topo desta página, e quando uma mudança for importante para você, enviamos um e-mail antes que ela entre em vigor.

Dúvidas sobre seus dados, ou quer exercer algum dos seus direitos? Abra um ticket pelo seu painel ou escreva para nós pela página de suporte.

[Falar com o suporte](/support)
`;
