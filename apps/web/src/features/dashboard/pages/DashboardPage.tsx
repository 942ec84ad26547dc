import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { messages } from '../../../i18n';
import { paths } from '../../../lib/paths';
import { useCan } from '../../../lib/session/use-can';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { DashboardIcon } from '../components/DashboardIcon';

const t = messages.dashboard;

const CARDS = [
  { to: paths.parts.getHref(), icon: 'list', writes: false, ...t.cards.list },
  { to: paths.addPart.getHref(), icon: 'add', writes: true, ...t.cards.add },
  { to: paths.warehouse.getHref(), icon: 'warehouse', writes: false, ...t.cards.warehouse },
  { to: paths.categories.getHref(), icon: 'categories', writes: false, ...t.cards.categories },
] as const;

/**
 * The home screen: a card for each area of the warehouse (the whole card is the link). A role
 * that cannot change parts (sola lettura) is not offered 'Aggiungi componente', as in the navbar.
 */
export default function DashboardPage() {
  useDocumentTitle(t.title);
  const canWrite = useCan('parts:write');
  const cards = CARDS.filter((card) => canWrite || !card.writes);
  return (
    <Container>
      <PageHeader title={t.title} lead={t.intro} />
      <Row xs={1} sm={2} xl={cards.length} className="g-3 g-md-4">
        {cards.map((card) => (
          <Col key={card.to}>
            <Card className="dashboard-card h-100 shadow-sm">
              <Card.Body>
                <div className="dashboard-card-head">
                  <span className="dashboard-card-icon">
                    <DashboardIcon name={card.icon} />
                  </span>
                  <h2 className="h4 card-title">
                    <Link to={card.to} className="stretched-link">
                      {card.title}
                    </Link>
                  </h2>
                </div>
                <Card.Text className="text-body-secondary">{card.text}</Card.Text>
              </Card.Body>
            </Card>
          </Col>
        ))}
      </Row>
    </Container>
  );
}
