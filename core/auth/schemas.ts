import { z } from 'zod';

/** Shared by the server and the sign-up and sign-in forms: one schema, one message (spec 1 sections 5.2, 5.3). */

const COMMON_PATTERNS = /password|123|abc/i;

export const signupSchema = z
  .object({
    name: z
      .string({ error: 'Name must be at least 3 characters' })
      .trim()
      .min(3, 'Name must be at least 3 characters')
      .regex(/^[A-Za-z ]+$/, 'Name can only contain letters and spaces'),
    email: z.string({ error: 'Please enter a valid email address' }).trim().pipe(z.email('Please enter a valid email address')),
    password: z
      .string({ error: 'Password must be at least 12 characters' })
      .min(12, 'Password must be at least 12 characters')
      .regex(/[A-Z]/, 'Password must contain at least one uppercase letter')
      .regex(/[a-z]/, 'Password must contain at least one lowercase letter')
      .regex(/\d/, 'Password must contain at least one number')
      .regex(/[^A-Za-z0-9]/, 'Password must contain at least one special character')
      .refine((value) => !/(.)\1\1/.test(value), 'Password must not repeat a character more than twice in a row')
      .refine((value) => !COMMON_PATTERNS.test(value), 'Password must not contain common patterns like "password", "123" or "abc"'),
    confirmPassword: z.string({ error: "Passwords don't match" }),
  })
  .refine((value) => value.password === value.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });

export type SignupInput = z.infer<typeof signupSchema>;

export const loginSchema = z.object({
  email: z.string({ error: 'Invalid email address' }).trim().pipe(z.email('Invalid email address')),
  password: z.string({ error: 'Password must be at least 8 characters' }).min(8, 'Password must be at least 8 characters'),
  remember: z.boolean().optional(),
});

export type LoginInput = z.infer<typeof loginSchema>;
