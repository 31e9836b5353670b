/**
 * Server messages of personal API tokens and of bots in leagues, spread into the catalogue of messages.ts: kept
 * apart so their texts live together.
 */
export const apiTokenMessagesEn = {
  'errors.token_scope': 'A personal API token cannot do this: sign in to the app, or use a token with the right scope',
  'errors.bots_forbidden': 'This league does not allow bets placed with an API token',
  'errors.api_tokens_limit': 'You already have {count} active API tokens: revoke one before creating another',
  'errors.api_token_not_found': 'That API token does not exist',
  'validation.api_token_expiry': 'must be in the future and at most {count} days ahead',
  'success.api_token_created': 'API token created: copy it now, it will not be shown again',
  'success.api_token_revoked': 'API token revoked',
  'mail.api_token_created_subject': 'A personal API token was created on your Porra account',
  'mail.api_token_created_text': 'Hello {name},\n\nA personal API token named "{token}" that may {scope} was created on your Porra account on {created} (UTC). It expires on {expires} (UTC).\n\nIf you created it, there is nothing to do. If you did not, someone else can use your account: revoke the token at {url}, then change your password there and tick "Also revoke every API token".',
  'mail.api_token_scope_read': 'read your leagues and bets',
  'mail.api_token_scope_bet': 'read your leagues and place bets for you',
};

export const apiTokenMessagesEs: Record<keyof typeof apiTokenMessagesEn, string> = {
  'errors.token_scope': 'Un token de API personal no puede hacer esto: entra en la aplicación o usa un token con el permiso adecuado',
  'errors.bots_forbidden': 'Esta liga no admite apuestas hechas con un token de API',
  'errors.api_tokens_limit': 'Ya tienes {count} tokens de API activos: revoca alguno antes de crear otro',
  'errors.api_token_not_found': 'Ese token de API no existe',
  'validation.api_token_expiry': 'debe ser una fecha futura y como mucho dentro de {count} días',
  'success.api_token_created': 'Token de API creado: cópialo ahora, no se volverá a mostrar',
  'success.api_token_revoked': 'Token de API revocado',
  'mail.api_token_created_subject': 'Se ha creado un token de API personal en tu cuenta de Porra',
  'mail.api_token_created_text': 'Hola {name}:\n\nSe ha creado un token de API personal llamado "{token}" que puede {scope} en tu cuenta de Porra el {created} (UTC). Caduca el {expires} (UTC).\n\nSi lo creaste tú, no hace falta hacer nada. Si no, otra persona puede usar tu cuenta: revoca el token en {url}, cambia después allí tu contraseña y marca "Revocar también todos los tokens de API".',
  'mail.api_token_scope_read': 'leer tus ligas y apuestas',
  'mail.api_token_scope_bet': 'leer tus ligas y apostar por ti',
};
