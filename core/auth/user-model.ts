import { ExternallyIdentifiedModel } from '../plugin-api/base-model';
import type { PublicUser } from '../platform/identity';

export class User extends ExternallyIdentifiedModel {
  static override tableName = 'users';

  name!: string;
  email!: string;
  passwordHash!: string | null;
  image!: string | null;
  googleSubject!: string | null;
  emailVerifiedAt!: Date | null;

  toPublic(): PublicUser {
    return { externalId: this.externalId, name: this.name, email: this.email, image: this.image };
  }
}

export const findUserByEmail = (email: string) => User.query().whereRaw('lower(email) = lower(?)', [email]).first();
