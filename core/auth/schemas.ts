import { z } from 'zod';
import { singleLineText } from '../plugin-api/input-fields';

/** Shared by the server and the sign-up and sign-in forms: one schema, one message (spec 1 sections 5.2, 5.3). */

const COMMON_PATTERNS = /password|123|abc/i;
const PASSWORDS_DONT_MATCH = "Passwords don't match";
export const MAX_NAME_LENGTH = 100;
export const MAX_EMAIL_LENGTH = 254;
/** A new password; one set before this bound existed is still checked up to MAX_CHECKED_PASSWORD_LENGTH. */
export const MAX_PASSWORD_LENGTH = 128;
export const MAX_CHECKED_PASSWORD_LENGTH = 1024;

/** An email address as typed, trimmed; `message` for every way it can be wrong. */
export const emailField = (message: string) =>
  singleLineText({ label: 'Email', max: MAX_EMAIL_LENGTH, error: message, tooLong: message }).trim().pipe(z.email(message));

/** A password to check against a stored hash: any length a password ever had, no control characters. */
export const checkedPasswordField = (error: string) => singleLineText({ label: 'Password', max: MAX_CHECKED_PASSWORD_LENGTH, error });

export const signupSchema = z
  .object({
    name: singleLineText({ label: 'Name', max: MAX_NAME_LENGTH, error: 'Name must be at least 3 characters' })
      .trim()
      .min(3, 'Name must be at least 3 characters')
      .regex(/^[A-Za-z ]+$/, 'Name can only contain letters and spaces'),
    email: emailField('Please enter a valid email address'),
    password: singleLineText({ label: 'Password', max: MAX_PASSWORD_LENGTH, error: 'Password must be at least 12 characters' })
      .min(12, 'Password must be at least 12 characters')
      .regex(/[A-Z]/, 'Password must contain at least one uppercase letter')
      .regex(/[a-z]/, 'Password must contain at least one lowercase letter')
      .regex(/\d/, 'Password must contain at least one number')
      .regex(/[^A-Za-z0-9]/, 'Password must contain at least one special character')
      .refine((value) => !/(.)\1\1/.test(value), 'Password must not repeat a character more than twice in a row')
      .refine((value) => !COMMON_PATTERNS.test(value), 'Password must not contain common patterns like "password", "123" or "abc"'),
    confirmPassword: z.string({ error: PASSWORDS_DONT_MATCH }).max(MAX_PASSWORD_LENGTH, PASSWORDS_DONT_MATCH),
  })
  .refine((value) => value.password === value.confirmPassword, { message: PASSWORDS_DONT_MATCH, path: ['confirmPassword'] });

export type SignupInput = z.infer<typeof signupSchema>;

export const loginSchema = z.object({
  email: emailField('Invalid email address'),
  password: checkedPasswordField('Password must be at least 8 characters').min(8, 'Password must be at least 8 characters'),
  remember: z.boolean().optional(),
});

export type LoginInput = z.infer<typeof loginSchema>;

/**
 * The profile page's forms, built from the sign-up rules. They live here rather than beside the profile routes
 * because the web forms import them, and the routes module pulls in Express.
 */
export const profileSchema = z.object({ name: signupSchema.shape.name });

export const changePasswordSchema = z
  .object({
    currentPassword: checkedPasswordField('Current password is required').min(1, 'Current password is required'),
    newPassword: signupSchema.shape.password,
    confirmPassword: signupSchema.shape.confirmPassword,
  })
  .refine((value) => value.newPassword === value.confirmPassword, { message: PASSWORDS_DONT_MATCH, path: ['confirmPassword'] })
  .refine((value) => value.newPassword !== value.currentPassword, {
    message: 'New password must be different from your current password',
    path: ['newPassword'],
  });

/** A first password on a Google-only account needs a Google sign-in this recent in the same session. */
export const FRESH_GOOGLE_SIGN_IN_MS = 10 * 60 * 1000;
export const GOOGLE_SIGN_IN_REQUIRED = 'For your security, please sign in with Google again (within the last 10 minutes) before setting a password.';

/** Asking for an email to an address: a new verification link, or a password reset link. */
export const emailRequestSchema = z.object({ email: emailField('Please enter a valid email address') });

/** A new password chosen through a reset link (the link's token travels beside it); the sign-up rules apply. */
export const resetPasswordSchema = z
  .object({
    password: signupSchema.shape.password,
    confirmPassword: signupSchema.shape.confirmPassword,
  })
  .refine((value) => value.password === value.confirmPassword, { message: PASSWORDS_DONT_MATCH, path: ['confirmPassword'] });

/** A first password for an account that so far signs in only with Google. */
export const setPasswordSchema = z
  .object({
    newPassword: signupSchema.shape.password,
    confirmPassword: signupSchema.shape.confirmPassword,
  })
  .refine((value) => value.newPassword === value.confirmPassword, { message: PASSWORDS_DONT_MATCH, path: ['confirmPassword'] });
