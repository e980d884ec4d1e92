// The user's photo, or the default avatar when there is none (or it fails to load).
import { useState } from 'react';
import Icon from '@cloudscape-design/components/icon';

export function UserAvatar({ photoURL }: { photoURL: string | undefined }) {
  const [failed, setFailed] = useState(false);
  if (!photoURL || failed) {
    return (
      <span className="portal-avatar portal-avatar--default" data-testid="default-avatar">
        <Icon name="user-profile" />
      </span>
    );
  }
  return <img className="portal-avatar" src={photoURL} alt="" width={28} height={28} onError={() => setFailed(true)} />;
}
