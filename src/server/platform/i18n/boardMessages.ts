/** Server messages of the league board, spread into the catalogue of messages.ts: kept apart so their texts live together. */
export const boardMessagesEn = {
  'errors.post_text_length': 'A post has between 1 and {max} characters',
  'errors.post_not_found': 'The post does not exist',
  'errors.post_match_not_in_league': "The match is not one of this league's competition",
  'errors.post_reply_not_in_league': 'You can only reply to a post of this league',
  'errors.board_closed': 'The owner has closed the board',
  'errors.post_edit_window': 'A post can be edited or deleted only within 15 minutes of posting it',
  'success.post_created': 'Posted',
  'success.post_updated': 'Post saved',
  'success.post_deleted': 'Post deleted',
  'success.post_pinned': 'Post pinned',
  'success.post_unpinned': 'Post unpinned',
  'success.board_closed': 'Board closed',
  'success.board_opened': 'Board open again',
};

export const boardMessagesEs: Record<keyof typeof boardMessagesEn, string> = {
  'errors.post_text_length': 'Un mensaje debe tener entre 1 y {max} caracteres',
  'errors.post_not_found': 'El mensaje no existe',
  'errors.post_match_not_in_league': 'El partido no es de la competición de esta liga',
  'errors.post_reply_not_in_league': 'Solo puedes responder a un mensaje de esta liga',
  'errors.board_closed': 'El propietario ha cerrado el tablón',
  'errors.post_edit_window': 'Solo puedes editar o borrar un mensaje en los 15 minutos siguientes a publicarlo',
  'success.post_created': 'Mensaje publicado',
  'success.post_updated': 'Mensaje guardado',
  'success.post_deleted': 'Mensaje borrado',
  'success.post_pinned': 'Mensaje fijado',
  'success.post_unpinned': 'Mensaje ya no fijado',
  'success.board_closed': 'Tablón cerrado',
  'success.board_opened': 'Tablón abierto de nuevo',
};
