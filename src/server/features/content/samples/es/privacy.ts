/** La política de privacidad tal como se entrega: texto de ejemplo (decision 079). */
export const privacy = `# Política de privacidad

Qué datos recogemos cuando usa nuestro sitio web y nuestros servidores, por qué los necesitamos, cuánto tiempo los conservamos y qué control tiene sobre ellos.

## Quiénes somos

{{shop.name}} gestiona este sitio web, el panel de cliente y los servidores de juegos que nos alquila. El responsable de los datos personales descritos aquí es {{seller.name}}, {{seller.address}} (identificación fiscal {{seller.taxId}}): decidimos para qué y cómo se usan, y respondemos de ello.

Esta política se aplica a los clientes, a los visitantes de nuestro sitio web y a cualquier persona que escriba a nuestro equipo de soporte. No cubre lo que usted haga con los datos de los jugadores que se unen a su propio servidor: de eso es responsable usted.

## Datos que recogemos

Solo recogemos lo que necesitamos para mantener sus servidores en marcha, facturarle y ayudarle:

- Datos de la cuenta: su dirección de correo electrónico, su nombre si nos lo da y su contraseña, que solo guardamos como hash de un solo sentido.
- Datos de facturación: facturas, pagos, reembolsos, saldo de la cuenta y el tipo, los cuatro últimos dígitos y la fecha de caducidad de sus tarjetas guardadas.
- Datos del servidor: nombres de servidores, configuración, archivos que sube, salida de la consola y copias de seguridad.
- Datos de soporte: sus tickets, respuestas y mensajes enviados a través de nuestro formulario de contacto.
- Datos técnicos: direcciones IP, tipo de navegador, horas de inicio de sesión y eventos de seguridad como los inicios de sesión fallidos.
- Datos de referidos: el código de referido con el que se registró, y los clics y registros que llegan a través de su propio enlace de referido.

## Cómo usamos sus datos

Usamos sus datos para:

- configurar, ejecutar, respaldar y supervisar los servidores que contrata
- cobrarle, enviar facturas, reintentar pagos fallidos y tramitar reembolsos
- responder a sus tickets y mensajes
- enviar correos del servicio, como la confirmación de registro, el restablecimiento de contraseña, los recordatorios de renovación y los avisos de incidencias
- hacer seguimiento de los referidos y pagar comisiones de afiliado
- proteger las cuentas y nuestra red frente al fraude y el abuso
- entender, de forma agregada, qué planes y funciones se usan para poder mejorarlos

No vendemos sus datos personales ni los usamos para publicidad en otros sitios web.

## Bases legales

Cuando la normativa de protección de datos nos pide indicar una base legal, estas son las nuestras:

- Contrato: prestar y facturar los servicios que ha contratado.
- Obligación legal: conservar facturas y registros de pago según la normativa fiscal y contable.
- Intereses legítimos: mantener seguras las cuentas y nuestra red, prevenir el fraude y mejorar el servicio.
- Consentimiento: las novedades opcionales del producto por correo, que puede desactivar en cualquier momento en los ajustes de notificaciones.

## Cookies

Usamos el menor número posible de cookies, y ninguna para publicidad ni para seguimiento entre sitios:

- Las cookies de sesión mantienen su sesión iniciada. Son HttpOnly, de modo que los scripts de la página no pueden leerlas, y solo se envían a nuestro propio sitio.
- Una cookie de referido recuerda durante 90 días el código de referido de un enlace que ha seguido, para que la persona que le recomendó reciba el mérito si se registra.

## Pagos

Los pagos con tarjeta los procesa nuestro proveedor de pagos en su propia página de pago segura. El número completo de su tarjeta y su código de seguridad van directamente al proveedor y nunca pasan por nuestros servidores.

Recibimos una referencia a su tarjeta guardada, su marca, los cuatro últimos dígitos y la fecha de caducidad, y el resultado de cada pago, que es lo que necesitamos para cobrar las renovaciones y mostrar su historial de facturación.

## Con quién compartimos datos

Solo compartimos datos con las personas y los servicios que los necesitan para hacer su parte:

- nuestro proveedor de pagos, para cobrar pagos y emitir reembolsos
- nuestro proveedor de envío de correo, para enviar los correos del servicio
- los centros de datos y proveedores de red que alojan nuestras máquinas
- asesores profesionales, como contables, cuando los necesitan para su trabajo
- las autoridades, cuando la ley lo exige y solo en la medida en que lo exige

Si se registró mediante un enlace de referido, la persona que le recomendó ve el referido en su panel de afiliado con datos limitados, como un nombre o correo parcialmente ocultos, el plan y la comisión. Nunca ve sus datos de pago.

La dirección de su servidor es pública por naturaleza: cualquiera a quien se la dé, o que la encuentre en una lista de servidores, puede conectarse.

## Cuánto tiempo conservamos los datos

Solo conservamos los datos mientras tengan una finalidad:

- Datos de la cuenta: mientras su cuenta esté abierta; se eliminan cuando la cierra, salvo lo que la ley nos obliga a conservar.
- Archivos del servidor: mientras el servicio esté activo. Tras {{rules.deleteAfterDays}} días sin pagar, un servidor y sus copias de seguridad se eliminan de forma permanente.
- Copias de seguridad de servicios cancelados: disponibles para descargar durante {{rules.backupKeptAfterCancelDays}} días después de que termine el servicio, y luego se eliminan.
- Facturas y registros de pago: el tiempo que exija la normativa fiscal y contable.
- Conversaciones de soporte: mientras su cuenta esté abierta, para tener el historial si vuelve a escribirnos.
- Registros de seguridad: solo el tiempo necesario para investigar abusos y mantener seguras las cuentas.

## Cómo protegemos sus datos

Las conexiones a nuestro sitio web y al panel están cifradas. Las contraseñas solo se guardan como hashes lentos y con sal, de modo que nadie en nuestra empresa puede leerlas. Su sesión vive en una cookie HttpOnly que los scripts de la página no pueden leer, y puede cerrar todas sus sesiones a la vez desde los ajustes de seguridad.

Puede añadir el inicio de sesión en dos pasos con cualquier aplicación de autenticación. Nuestro personal solo ve los datos de los clientes cuando su función lo requiere, por ejemplo para responder a su ticket.

Si alguna vez una brecha pone en riesgo sus datos personales, se lo comunicaremos a usted y a las autoridades competentes según exija la ley.

## Sus derechos

Según dónde viva, tiene derecho a:

- obtener una copia de los datos personales que tenemos sobre usted
- que se corrijan los datos inexactos
- que se eliminen sus datos, salvo lo que la ley nos obliga a conservar
- recibir sus datos en un formato portable
- oponerse a algunos usos de sus datos o pedirnos que los limitemos
- retirar un consentimiento que haya dado, por ejemplo para las novedades del producto
- presentar una reclamación ante su autoridad local de protección de datos

Puede cambiar la mayoría de sus datos usted mismo en los ajustes de su cuenta. Para todo lo demás, abra un ticket o use la página de soporte. Respondemos en el plazo de un mes.

## Menores

Nuestros servicios no están dirigidos a menores. Las cuentas debe abrirlas una persona de 18 años o más, o un padre, madre o tutor que se haga responsable de ellas. Jugadores de cualquier edad pueden unirse a un servidor, pero no recogemos sus datos personales; lo que registra un servidor lo decide su propietario.

Si sabemos que tenemos datos personales de un menor de 13 años sin el consentimiento de su padre, madre o tutor, los eliminamos.

## Cambios y contacto

Cuando cambiamos esta política actualizamos la fecha que aparece al principio de esta página, y cuando un cambio le afecta le escribimos antes de que entre en vigor.

¿Tiene preguntas sobre sus datos o quiere ejercer alguno de sus derechos? Abra un ticket desde su panel o escríbanos desde la página de soporte.

[Contactar con soporte](/support)
`;
