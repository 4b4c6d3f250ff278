/**
 * Whether the roles in the session's user info let the user edit the blog, for what the menu
 * shows. The server decides what they may do: the blog pages still answer "Not allowed" to a
 * non-editor who types their address.
 */
export const canEditBlog = (roles: readonly string[] | undefined): boolean =>
  !!roles?.some((role) => role === 'editor' || role === 'admin');
