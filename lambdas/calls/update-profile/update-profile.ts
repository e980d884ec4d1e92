// updateProfile: the signed-in user's display name, photo address and colour scheme (the /profile page).
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { execute } from 'dynamodb-toolbox/entity/actions/transactWrite';
import * as z from 'zod/mini';
import { signedIn } from '../../kernel/access/rules.js';
import { defineSignedInCall } from '../../kernel/call.js';
import { userEntity, userPreferencesEntity } from '../../kernel/data/entities/users.js';
import { failedConditions } from '../../kernel/data/transactions.js';
import { ConflictError } from '../../kernel/errors.js';
import { eventWrite } from '../../kernel/events/events.js';
import { userProfileSearchText } from '../../kernel/search/row-search.js';
import { loadUserRecords } from '../../kernel/users/user-records.js';
import { displayName as plainDisplayName, recordVersion } from '../shared/schemas.js';

const colorScheme = z.enum(['auto', 'dark', 'light']);

export const updateProfile = defineSignedInCall({
  name: 'updateProfile',
  input: z.strictObject({
    version: recordVersion,
    displayName: z.optional(plainDisplayName),
    /** An https address of a picture; empty to use the default avatar. */
    photoURL: z.optional(
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(2048, 'must be at most 2048 characters'),
          z.regex(/^(https:\/\/\S+)?$/, 'must be an https:// address'),
        ),
    ),
    colorScheme: z.optional(colorScheme),
  }),
  output: z.object({
    user: z.object({
      uid: z.string(),
      email: z.string(),
      displayName: z.optional(z.string()),
      photoURL: z.optional(z.string()),
      version: z.number(),
    }),
    userPreferences: z.object({ defaultCompany: z.optional(z.string()), colorScheme: z.optional(colorScheme) }),
  }),
  access: signedIn,
  async run({ version, displayName, photoURL, colorScheme: scheme }, { caller }) {
    const now = Date.now();
    const before = {
      displayName: caller.user?.displayName,
      photoURL: caller.user?.photoURL,
      colorScheme: caller.preferences?.colorScheme,
    };
    const after = {
      displayName: displayName ?? before.displayName,
      photoURL: photoURL ?? before.photoURL,
      colorScheme: scheme ?? before.colorScheme,
    };
    try {
      await execute(
        userEntity
          .build(UpdateTransaction)
          .item({
            uid: caller.uid,
            // An empty value clears the field (DynamoDB-Toolbox removes attributes set to undefined).
            ...(displayName !== undefined ? { displayName: displayName || undefined } : {}),
            ...(photoURL !== undefined ? { photoURL: photoURL || undefined } : {}),
            // The platform users list filters on the profile's words (row-search.ts).
            profileSearchText: userProfileSearchText({ email: caller.email, displayName: after.displayName }),
            version: version + 1,
            updatedAt: now,
            updatedBy: caller.email,
          })
          .options({
            condition: {
              or: [
                { attr: 'version', eq: version },
                ...(version === 1 ? [{ attr: 'version', exists: false } as const] : []),
              ],
            },
          }),
        userPreferencesEntity
          .build(UpdateTransaction)
          .item({ uid: caller.uid, ...(scheme ? { colorScheme: scheme } : {}), updatedAt: now }),
        eventWrite(caller, { type: 'profileUpdated', summary: 'Updated the profile', before, after }, now),
      );
    } catch (error) {
      if (failedConditions(error)?.includes(0)) {
        const { user } = await loadUserRecords(caller.uid);
        throw new ConflictError('Your profile was changed in another window; here is the current value.', {
          current: user,
        });
      }
      throw error;
    }
    const records = await loadUserRecords(caller.uid);
    return {
      user: { ...records.user!, version: records.user?.version ?? version + 1 },
      userPreferences: {
        defaultCompany: records.preferences?.defaultCompany,
        colorScheme: records.preferences?.colorScheme,
      },
    };
  },
});
