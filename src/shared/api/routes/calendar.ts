import Type from 'typebox';
import { route } from '../route';

/** The private calendar feed's URL: `GET /calendar/:token.ics`, outside the API. */
const CalendarFeed = Type.Object({ calendar_url: Type.String() });

export const calendarRoutes = {
  regenerateCalendarToken: route({
    method: 'POST', path: '/users/calendar_token', prefixed: true, access: 'user',
    summary: "Replace the caller's private calendar URL (the old one stops working)",
    response: CalendarFeed,
    process: 'regenerate_calendar_token',
  }),
} as const;

/** Path of the feed for a token. */
export const calendarFeedPath = (token: string) => `/calendar/${token}.ics`;
