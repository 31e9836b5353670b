import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/api';
import { AccountCard } from '../../lib/forms/AccountCard';
import { fieldErrors } from '../../lib/forms/formErrors';
import { useSession } from '../../api/session';
import { checkAccount, type Errors } from '../../lib/forms/validation';

const contactEndpoint = api.endpoints.contact;

/** A message to the administrators. Signed-in users have name and email filled in. */
export default function ContactScreen() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [send, { isLoading, isSuccess, error }] = contactEndpoint.useMutation();
  const [values, setValues] = useState({ name: '', email: '', message: '' });
  const [errors, setErrors] = useState<Errors>({});
  const message = (field: string) => errors[field] ?? fieldErrors(error, field);

  useEffect(() => {
    setValues((was) => ({ ...was, name: was.name || (user.name ?? ''), email: was.email || (user.email ?? '') }));
  }, [user.name, user.email]);

  const submit = async () => {
    const found: Errors = { ...checkAccount(t, values, { name: true, email: true }), ...(values.message.trim() ? {} : { message: t('validation.blank') }) };
    setErrors(found);
    if (Object.keys(found).length) return;
    const result = await send({ body: { name: values.name.trim(), email: values.email.trim(), message: values.message.trim() } });
    if (!('error' in result && result.error)) setValues((was) => ({ ...was, message: '' }));
  };

  return (
    <AccountCard title={t('contact.title')} submitLabel={t('contact.send')} busy={isLoading} onSubmit={() => void submit()}>
      {isSuccess && <Alert severity="success">{t('contact.sent')}</Alert>}
      <TextField label={t('account.name')} value={values.name} onChange={(e) => setValues({ ...values, name: e.target.value })} error={!!message('name')} helperText={message('name')} />
      <TextField label={t('account.email')} type="email" value={values.email} onChange={(e) => setValues({ ...values, email: e.target.value })} error={!!message('email')} helperText={message('email')} />
      <TextField label={t('contact.message')} multiline minRows={5} value={values.message} onChange={(e) => setValues({ ...values, message: e.target.value })} error={!!message('message')} helperText={message('message')} />
    </AccountCard>
  );
}
