// Spec section 5's e-mail rule, on its own (no zod) so the web's first load can share it with the server.
export const emailPattern = /^\S+@\S+$/;

export const invalidEmailMessage = 'Invalid email';
