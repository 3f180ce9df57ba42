import { Link } from 'react-router';
import { AUDIT_LOG_SECTION } from './audit-log-view';

/** Where the dialogs that promise a record point: the audit log in the Control Centre. */
export const AUDIT_LOG_PATH = `/settings?section=${AUDIT_LOG_SECTION}`;

export function AuditLogLink() {
  return (
    <Link to={AUDIT_LOG_PATH} className="text-accent underline">
      audit log
    </Link>
  );
}
