import { describe, expect, it } from 'vitest';
import { toolNamingOf } from '../../src/model/ids.ts';
import { toolFamiliesOf } from '../../src/model/tool-families.ts';

const familiesOf = (tools: string[], idFields: string[] = []) =>
  Object.fromEntries(toolFamiliesOf(toolNamingOf(tools, idFields)));

describe("the systems a server's tools work on (`toolFamiliesOf`)", () => {
  it('reads the first word before a verb and its object, and that word after a first verb', () => {
    expect(
      familiesOf(
        [
          'TELEGRAM_SEND_MESSAGE',
          'TELEGRAM_DELETE_MESSAGE',
          'DISCORD_SEND_MESSAGE',
          'DISCORD_GET_MESSAGES',
          'SEND_TELEGRAM_PHOTO',
          'WHATSAPP_SEND_MESSAGE',
          'SEND_SLACK_MESSAGE',
          'SEND_TWEET',
        ],
        ['messageId', 'chatId'],
      ),
    ).toEqual({
      TELEGRAM_SEND_MESSAGE: 'telegram',
      TELEGRAM_DELETE_MESSAGE: 'telegram',
      DISCORD_SEND_MESSAGE: 'discord',
      DISCORD_GET_MESSAGES: 'discord',
      SEND_TELEGRAM_PHOTO: 'telegram',
      WHATSAPP_SEND_MESSAGE: 'whatsapp',
    });
  });

  it('names no family by a record the id fields name, by a word after a verb alone, nor by one shared word', () => {
    expect(
      familiesOf(
        ['get_project_tasks', 'create_project_task', 'get_board_cards', 'list_board_cards'],
        ['project_id', 'board_id'],
      ),
    ).toEqual({});
    expect(familiesOf(['acme_get_booking', 'acme_list_bookings', 'acme_cancel_booking'])).toEqual({});
    expect(
      familiesOf(['get_attendance_tickets', 'create_attendance_ticket', 'get_order_routings', 'create_order_routing']),
    ).toEqual({});
    expect(familiesOf(['ticket_create', 'ticket_get', 'user_create', 'user_get'])).toEqual({});
  });
});
