import { describe, expect, it } from 'vitest';
import { buildMenuItem } from '../../shell/testing/shellFixtures.ts';
import { formsByComponentOfMenu } from './componentForms.ts';

describe('formsByComponentOfMenu', () => {
  it('takes the form each component opens with from the menu links, the first one winning', () => {
    const menu = [
      buildMenuItem('aet', {
        title: true,
        child: [
          buildMenuItem('list', { link: 'list/1/1/1/1/Solicitações' }),
          buildMenuItem('insert', { link: 'insertItem/2/0/3' }),
          buildMenuItem('other', { link: 'list/1/9/1/1/Outra' }),
        ],
      }),
      buildMenuItem('edit', { link: '/runtime/3/editItem/4/10/5' }),
      buildMenuItem('project', { link: 'listProject/3/0/1/1/Projetos' }),
      buildMenuItem('none', { link: 'list/6/0/1/1/Sem formulário' }),
      buildMenuItem('site', { link: 'https://example.com/list/7/7' }),
    ];
    expect([...formsByComponentOfMenu(menu)]).toEqual([
      [1, 1],
      [2, 3],
      [4, 5],
    ]);
  });
});
